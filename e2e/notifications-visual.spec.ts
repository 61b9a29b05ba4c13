// The visual mode of the HTML version against the real service in real Chromium: the canvas is
// a projection of the source, and an edit in it changes only the bytes it concerns.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { snippetFor } from '../src/features/notifications/visual/block-snippets';
import { expect, test, type ApiFetch } from './fixtures';

async function storedHtml(api: ApiFetch): Promise<string> {
  const response = await api('/notifications/order-confirmation');
  const body = (await response.json()) as { html: string };
  return body.html;
}

async function openVisual(page: Page) {
  await page.goto('/notifications/order-confirmation');
  await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
  return page.frameLocator('iframe[title="Visual editor"]');
}

test.describe('notifications: visual mode', () => {
  test('changes the greeting in place and saves only that change', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page);
    const canvas = await openVisual(page);

    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Thank you, Ada!');
    await expect(heading.locator('.sc-chip')).toHaveAttribute('title', /customer\.first_name/);
    await expect(canvas.getByText(/Repeats for each line in order\.lines/)).toBeVisible();

    // Select "Thank you" and type over it.
    // At the start of the words (the middle of the heading is the name chip).
    await heading.click({ position: { x: 4, y: 12 } });
    await page.keyboard.press('Home');
    for (let i = 0; i < 'Thank you'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.type('Many thanks');
    await expect(heading).toContainText('Many thanks, Ada!');

    // One history for both modes: undo in the canvas, redo, and the code shows the same.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(heading).not.toContainText('Many thanks');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(heading).toContainText('Many thanks, Ada!');
    await page.getByRole('button', { name: 'Code' }).click();

    // The code has the same change (the review diff reads the editor's document).
    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review.getByRole('region', { name: 'Changes to HTML version' })).toContainText(
      'Many thanks, {{ customer.first_name',
    );
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await storedHtml(api)).toBe(original.replace('Thank you,', 'Many thanks,'));
  });

  test('opening the visual mode and going back changes nothing', async ({ page, signIn }) => {
    await signIn(page);
    await openVisual(page);
    await page.getByRole('button', { name: 'Code' }).click();
    await expect(page.getByRole('button', { name: 'Revert' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  });

  test('runs nothing of the template, and a locked island opens the code at its line', async ({
    page,
    signIn,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page);
    await page.goto('/notifications/order-confirmation');
    const code = page.getByRole('textbox', { name: 'HTML version' });
    await code.click({ timeout: 30_000 });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(
      '<p onclick="alert(1)">Hi</p>\n<img src="x" onerror="alert(2)" alt="x">\n<script>alert(3)</script>',
    );
    await page.getByRole('button', { name: 'Visual' }).click();
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    const paragraph = canvas.getByText('Hi', { exact: true });
    await expect(paragraph).not.toHaveAttribute('onclick');
    await paragraph.click();
    await expect(canvas.getByRole('img', { name: 'x' })).not.toHaveAttribute('onerror');
    await canvas.getByRole('button', { name: /Embedded content: edit in code \(line 3\)/ }).click();
    await expect(code).toBeFocused();
    await expect(code.locator('.cm-activeLine')).toContainText('<script>');
    expect(dialogs).toEqual([]);
  });

  test('edits blocks: a button label and link, an inserted block, a moved row, a wrap', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page);
    const canvas = await openVisual(page);
    const panel = page.getByRole('complementary', { name: 'Block' });

    // The button's label in place: a double-click selects a word, typing replaces it.
    const button = canvas.getByRole('link', { name: /your order$/ });
    await button.dblclick({ position: { x: 36, y: 22 } });
    await page.keyboard.type('Open');
    await expect(button).toHaveText('Open your order');
    await expect(panel.getByRole('heading', { name: 'Button' })).toBeVisible();

    // Its link in the panel, Liquid and all.
    const link = panel.getByLabel('Link', { exact: true });
    await expect(link).toHaveValue('{{ order.url }}');
    await link.press('End');
    await link.pressSequentially('?from=email');

    // A block after the button, from the palette.
    await panel.getByRole('button', { name: 'Text', exact: true }).click();
    await expect(canvas.getByRole('paragraph').filter({ hasText: /^Text$/ })).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Text' })).toBeVisible();

    // A row of the totals moves up, and is wrapped in "Only if…".
    await canvas.getByText('Shipping', { exact: true }).click();
    await expect(panel.getByRole('heading', { name: 'Table row' })).toBeVisible();
    await panel.getByRole('button', { name: 'Move up' }).click();
    await expect(panel.getByRole('heading', { name: 'Table row' })).toBeVisible();
    await panel.getByRole('button', { name: 'Wrap in Only if…' }).click();
    await panel
      .getByRole('combobox', { name: 'Only if' })
      .selectOption({ label: 'order.shipping' });
    await panel.getByRole('button', { name: 'Wrap', exact: true }).click();
    await expect(canvas.getByText('Only if order.shipping')).toBeVisible();

    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    const buttonTable =
      /<table role="presentation" cellpadding="0" cellspacing="0">[\s\S]*?<\/table>/.exec(
        original,
      )?.[0] ?? '';
    const subtotal = /<tr>\s*<td[^>]*>Subtotal[\s\S]*?<\/tr>/.exec(original)?.[0] ?? '';
    const shipping = /<tr>\s*<td[^>]*>Shipping[\s\S]*?<\/tr>/.exec(original)?.[0] ?? '';
    const rowIndent = '\n                ';
    expect(buttonTable).toContain('View your order');
    const expected = original
      .replace(buttonTable, `${buttonTable}\n              ${snippetFor('text')}`)
      .replace(
        `${subtotal}${rowIndent}${shipping}`,
        `{% if order.shipping %}${rowIndent}${shipping}${rowIndent}{% endif %}${rowIndent}${subtotal}`,
      )
      .replace('>View your order</a>', '>Open your order</a>')
      .replace('href="{{ order.url }}"', 'href="{{ order.url }}?from=email"');
    expect(expected).not.toBe(original);
    expect(await storedHtml(api)).toBe(expected);

    const preview = page.frameLocator('iframe[title="HTML preview"]');
    await expect(preview.getByRole('link', { name: 'Open your order' })).toHaveAttribute(
      'href',
      /\?from=email$/,
    );
    await expect(preview.getByText('Text', { exact: true })).toBeVisible();
    await expect(preview.getByText('Shipping')).toBeVisible();
  });

  test('selects and edits blocks from the keyboard; the panel passes axe in both themes', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await openVisual(page);
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    const panel = page.getByRole('complementary', { name: 'Block' });
    const heading = (name: string) => panel.getByRole('heading', { level: 2, name });

    // Tab from the mode switch into the canvas: the first text's block is selected.
    await page.getByRole('button', { name: 'Visual' }).focus();
    await page.keyboard.press('Tab');
    await expect(heading('Heading')).toBeVisible();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(heading('Table row')).toBeVisible();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(heading('Heading')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(heading('No block selected')).toBeVisible();

    // The next text is the paragraph under the heading: duplicate it; the copy is selected.
    await page.keyboard.press('Tab');
    await expect(heading('Text')).toBeVisible();
    const intro = canvas.getByRole('paragraph').filter({ hasText: /^We received your order/ });
    await page.keyboard.press('Alt+Shift+D');
    await expect(intro).toHaveCount(2);
    await expect(heading('Text')).toBeVisible();

    // The panel's controls work from the keyboard; the wrap chooser opens and closes.
    await panel.getByRole('button', { name: 'Wrap in Repeat…' }).press('Enter');
    await expect(panel.getByRole('combobox', { name: 'Repeat for each' })).toBeFocused();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page }).include('aside[aria-label="Block"]').analyze();
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
      expect(serious, `the block panel in the ${colorScheme} theme`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('combobox', { name: 'Repeat for each' })).toBeHidden();
    // Escape again clears the selection; the focus stays in the panel.
    await page.keyboard.press('Escape');
    await expect(heading('No block selected')).toBeFocused();
  });
});

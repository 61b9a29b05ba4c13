// The visual mode of the HTML version against the real service in real Chromium: the canvas is
// a projection of the source, and an edit in it changes only the bytes it concerns.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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
    await expect(heading.locator('.sc-chip')).toHaveAttribute('data-tip', /customer\.first_name/);
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

  test('bold, a link, a default and a variable, each saved as exactly its own edit', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page);
    const canvas = await openVisual(page);
    const intro = canvas.getByText(/We received your order/);

    // Bold with Ctrl+B: a caret in a word formats the word.
    await intro.click({ position: { x: 4, y: 10 } });
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(intro.locator('strong').first()).toHaveText('We');
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // A link to {{ order.url }}, chosen from the sample's variables in the popover.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ControlOrMeta+k');
    const linkPanel = page.getByRole('dialog', { name: 'Add link' });
    await linkPanel
      .getByRole('combobox', { name: 'Insert a variable into the address' })
      .selectOption('order.url');
    await expect(linkPanel.getByLabel('Link address')).toHaveValue('{{ order.url }}');
    await linkPanel.getByRole('button', { name: 'Add link' }).click();
    await expect(intro.getByRole('link', { name: 'ordered' })).toBeVisible();

    // The greeting's default, in the chip's popover (opened from the keyboard).
    const chip = canvas.getByRole('heading', { level: 1 }).getByRole('button');
    await chip.focus();
    await page.keyboard.press('Enter');
    const chipPanel = page.getByRole('dialog', { name: 'Variable customer.first_name' });
    const fallback = chipPanel.getByLabel('Shown when customer.first_name is empty');
    await expect(fallback).toHaveValue('there');
    await fallback.fill('friend');
    await fallback.press('Enter');
    await expect(chipPanel).toBeHidden();

    // A variable from the panel goes to the canvas's caret, as a chip.
    await canvas.getByText('Subtotal', { exact: true }).click();
    await page.keyboard.press('End');
    await page.getByRole('button', { name: /^order\.number/ }).click();
    await expect(canvas.locator('td').filter({ hasText: /^Subtotal#?\w/ })).toBeVisible();

    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await storedHtml(api)).toBe(
      original
        .replace('We received', '<strong>We</strong> received')
        .replace('what you ordered.', 'what you <a href="{{ order.url }}">ordered</a>.')
        .replace('default: "there"', 'default: "friend"')
        .replace('>Subtotal<', '>Subtotal{{ order.number }}<'),
    );
  });

  test('refuses politely what it cannot format, pastes plain text, Enter breaks the line', async ({
    page,
    signIn,
    context,
    api,
  }) => {
    const original = await storedHtml(api);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);
    const canvas = await openVisual(page);
    const heading = canvas.getByRole('heading', { level: 1 });

    // A caret after the "!" has no word to format: said, and nothing changes.
    await heading.click({ position: { x: 4, y: 12 } });
    await page.keyboard.press('End');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(
      page.getByRole('status').filter({ hasText: 'Select the text to format first.' }),
    ).toBeVisible();
    await expect(heading.locator('strong')).toHaveCount(0);

    // Pasted text is text: markup and Liquid in it are escaped, not run.
    await page.keyboard.press('Home');
    await page.evaluate(() => navigator.clipboard.writeText('<b>x</b> & {{ y }} '));
    await page.keyboard.press('ControlOrMeta+v');
    await expect(heading).toContainText('<b>x</b> & {{ y }} Thank you');
    // Enter is a line break, as in an e-mail client; it never splits markup it does not own.
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await expect(heading.locator('br')).toHaveCount(1);

    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await storedHtml(api)).toBe(
      original
        .replace('>Thank you', '>&lt;b&gt;x&lt;/b&gt; &amp; &#123;{ y }} Thank you')
        .replace('"there" }}!</h1>', '"there" }}!<br></h1>'),
    );
  });

  test('the toolbar and its popovers pass axe in both themes', async ({ page, signIn }) => {
    await signIn(page);
    const canvas = await openVisual(page);
    const check = async (label: string) => {
      const results = await new AxeBuilder({ page })
        .include('[role="group"][aria-label="Text formatting"]')
        .include('[role="dialog"]')
        .analyze();
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`).join('; ')}`,
        ),
        label,
      ).toEqual([]);
    };
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await canvas.getByRole('heading', { level: 1 }).getByRole('button').click();
      await expect(page.getByRole('dialog', { name: /^Variable/ })).toBeVisible();
      await check(`chip popover, ${colorScheme}`);
      await page.keyboard.press('Escape');
      await canvas.getByText(/We received your order/).click({ position: { x: 4, y: 10 } });
      await page.keyboard.press('ControlOrMeta+k');
      await expect(page.getByRole('dialog', { name: 'Add link' })).toBeVisible();
      await check(`link popover, ${colorScheme}`);
      await page.keyboard.press('Escape');
    }
  });
});

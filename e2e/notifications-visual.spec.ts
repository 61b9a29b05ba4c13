// The visual mode of the HTML version against the real service in real Chromium: the canvas is
// a projection of the source, and an edit in it changes only the bytes it concerns.
import type { Locator, Page } from '@playwright/test';
import { snippetFor } from '../src/features/notifications/visual/edits/block-snippets';
import { expect, test } from './fixtures';
import { AxeBuilder, seriousOf } from './axe';
import { boxOf, openVisual, openVisualWith, storedHtml } from './canvas-helpers';

/** Whether `locator` has the focus now (read once; `toBeFocused` waits, which a Tab loop must not). */
function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.matches(':focus'));
}

async function codeText(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Code' }).click();
  // The code view mounts when first shown (decision 090): read it once it has drawn its lines.
  const lines = page.getByRole('textbox', { name: 'HTML version' }).locator('.cm-line');
  await expect(lines.first()).toBeVisible();
  return (await lines.allTextContents()).join('\n');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const FRAMES = `<p>{% if customer.first_name %}Hello {{ customer.first_name }}{% elsif customer.email %}Hello you{% else %}Hello there{% endif %}</p>
<table><tbody>
{% for line in order.lines %}<tr><td>{{ forloop.index }}.</td><td>{{ line.name }} each</td></tr>
{% else %}<tr><td>Nothing ordered</td></tr>
{% endfor %}</tbody></table>`;

test.describe('notifications: visual mode', () => {
  test('changes the greeting in place and saves only that change', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page, 'demo', { open: false });
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

  test('a revert is one undo step in the canvas and the code alike', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Thank you, Ada!');
    await heading.click({ position: { x: 4, y: 12 } });
    await page.keyboard.press('Home');
    await page.keyboard.insertText('Dear ');
    await expect(heading).toContainText('Dear Thank you, Ada!');
    const edited = await codeText(page);
    await page.getByRole('button', { name: 'Visual' }).click();

    await page.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(heading).not.toContainText('Dear');
    await expect(page.getByRole('button', { name: 'Revert', exact: true })).toBeDisabled();

    // Undo in the canvas takes the revert back whole, as one step of the one history.
    await heading.click({ position: { x: 4, y: 12 } });
    await page.keyboard.press('ControlOrMeta+z');
    await expect(heading).toContainText('Dear Thank you, Ada!');
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
    expect(await codeText(page)).toBe(edited);
    // The step before it is the typing, still its own.
    await page.getByRole('textbox', { name: 'HTML version' }).click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page.getByRole('button', { name: 'Revert', exact: true })).toBeDisabled();
  });

  test('opening the visual mode and going back changes nothing', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openVisual(page);
    await page.getByRole('button', { name: 'Code' }).click();
    await expect(page.getByRole('button', { name: 'Revert', exact: true })).toBeDisabled();
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
    await signIn(page, 'demo', { open: false });
    await page.goto('/notifications/order-confirmation');
    await page.getByRole('button', { name: 'Code', exact: true }).click({ timeout: 30_000 });
    const code = page.getByRole('textbox', { name: 'HTML version' });
    await code.click();
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
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const intro = canvas.getByText(/We received your order/);

    // Bold with Ctrl+B: a caret in a word formats the word.
    await intro.click({ position: { x: 4, y: 10 } });
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ControlOrMeta+b');
    await expect(intro.locator('strong').first()).toHaveText('We');
    await expect(page.getByRole('button', { name: 'Bold', exact: true })).toHaveAttribute(
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

  test('refuses politely what it cannot format, pastes plain text, Shift+Enter breaks the line', async ({
    page,
    signIn,
    context,
    api,
  }) => {
    const original = await storedHtml(api);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const heading = canvas.getByRole('heading', { level: 1 });

    // A caret after the "!" has no word to format: said, and nothing changes.
    await heading.click({ position: { x: 4, y: 12 } });
    await expect(heading).toBeFocused();
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
    // Shift+Enter is a line break, as in an e-mail client (Enter splits the heading in two,
    // decision 037's amendment).
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Shift+Enter');
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
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const check = async (label: string) => {
      const results = await new AxeBuilder({ page })
        .include('[role="group"][aria-label="Text formatting"]')
        .include('[role="dialog"]')
        .analyze();
      expect(seriousOf(results), label).toEqual([]);
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

  test('a condition shows the branch the sample takes, and its switch shows the others', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, FRAMES);
    const branches = canvas.getByRole('group', {
      name: /Branch shown: Only if customer\.first_name/,
    });
    const taken = branches.getByRole('button', { name: 'Only if customer.first_name' });
    await expect(taken).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Hello Ada')).toBeVisible();
    await expect(canvas.getByText('Hello there')).toHaveCount(0);

    await branches.getByRole('button', { name: 'Otherwise', exact: true }).click();
    await expect(canvas.getByText('Hello there')).toBeVisible();
    await expect(canvas.getByText('Hello Ada')).toHaveCount(0);
    await expect(branches.getByText('not what this sample shows')).toBeVisible();

    // Keyboard only: the focus stays on the switch after it redraws the canvas.
    await page.keyboard.press('Shift+Tab');
    await expect(
      branches.getByRole('button', { name: 'Otherwise, if customer.email' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(canvas.getByText('Hello you')).toBeVisible();
    await expect(
      branches.getByRole('button', { name: 'Otherwise, if customer.email' }),
    ).toBeFocused();

    // The branch stays chosen while its text is edited, and only that text changes.
    await canvas.getByText('Hello you').click();
    // The end of the paragraph, not of the line: on a wide canvas the text wraps after "Hello".
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('!');
    await expect(canvas.getByText('Hello you!')).toBeVisible();
    expect(await codeText(page)).toBe(FRAMES.replace('Hello you', 'Hello you!'));
  });

  test('a loop draws every line of the sample, and only the first is edited', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, FRAMES);
    await expect(
      canvas.getByText(/Repeats for each line in order\.lines \(3 in the sample\)/),
    ).toBeVisible();
    const rows = canvas.locator('tr').filter({ hasText: /\d\./ });
    await expect(rows).toHaveText([
      '1.Linen shirt each',
      '2.Wool socks each',
      '3.Canvas tote each',
    ]);
    await expect(rows.nth(0).locator('td').nth(1)).toHaveAttribute('contenteditable', 'true');
    for (const copy of [1, 2]) {
      await expect(rows.nth(copy)).toHaveAttribute('inert', '');
      await expect(rows.nth(copy).locator('[contenteditable="true"], [data-node]')).toHaveCount(0);
    }

    // The first line's text is the loop body's: typing there changes it once in the source,
    // and the other lines show it too.
    await rows.nth(0).getByText('each').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' item');
    await expect(rows).toHaveText([
      '1.Linen shirt each item',
      '2.Wool socks each item',
      '3.Canvas tote each item',
    ]);
    expect(await codeText(page)).toBe(FRAMES.replace(' each', ' each item'));
  });

  test("an empty collection shows the loop's else branch", async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, FRAMES);
    await page.getByRole('button', { name: 'Empty order' }).click();
    await expect(canvas.getByText('Nothing ordered')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'When there are none' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const body = canvas.locator('td', { hasText: / each$/ });
    await expect(body).toHaveCount(0);
    // The body stays one click away.
    await canvas.getByRole('button', { name: /Repeats for each line/ }).click();
    await expect(body).toHaveCount(1);
  });

  test('keyboard only: Tab goes from the mode switch into the canvas, its branch switches and locked islands', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisualWith(page, `${FRAMES}\n<!-- a note -->`);
    await expect(canvas.getByText('Hello Ada')).toBeVisible();
    await page.getByRole('button', { name: 'Visual' }).focus();
    const stops = [
      canvas.getByRole('button', { name: 'Only if customer.first_name' }),
      canvas.getByRole('button', { name: 'Otherwise, if customer.email' }),
      canvas.getByRole('button', { name: 'Otherwise', exact: true }),
      canvas.getByRole('button', { name: /Repeats for each line/ }),
      canvas.getByRole('button', { name: 'When there are none' }),
      canvas.getByRole('button', { name: /HTML comment: edit in code/ }),
    ];
    // Each stop is reached by Tab alone, in order (editable texts may sit between them). Focus
    // moves with the key press, so it is read once per press: a 50 ms wait for it missed a stop
    // on a loaded machine, and the next Tab went past it.
    for (const stop of stops) {
      await expect
        .poll(
          async () => {
            await page.keyboard.press('Tab');
            return isFocused(stop);
          },
          { intervals: [0], timeout: 10_000 },
        )
        .toBe(true);
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'HTML version' })).toBeFocused();
  });

  test("the demo e-mail: every order line of the sample, the first editable, and the footer's if", async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    await expect(
      canvas.getByText(/Repeats for each line in order\.lines \(3 in the sample\)/),
    ).toBeVisible();
    const lines = canvas.locator('tr:not(:has(tr))').filter({ hasText: /\d × / });
    await expect(lines).toHaveText([/2 × Linen shirt/, /3 × Wool socks/, /1 × Canvas tote/]);
    await expect(lines.nth(0).locator('td').first()).toHaveAttribute('contenteditable', 'true');
    await expect(lines.nth(1)).toHaveAttribute('inert', '');
    await expect(lines.nth(2)).toHaveAttribute('inert', '');

    const footer = canvas.getByRole('group', {
      name: /Branch shown: Only if customer\.accepts_marketing/,
    });
    await expect(
      footer.getByRole('button', { name: 'Only if customer.accepts_marketing' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('Change your preferences')).toBeVisible();
    await footer.getByRole('button', { name: 'Otherwise: nothing' }).click();
    await expect(canvas.getByText('Change your preferences')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Revert', exact: true })).toBeDisabled();
  });

  test('edits blocks: a button label and link, an inserted block, a moved row, a wrap', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page, 'demo', { open: false });
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
    await signIn(page, 'demo', { open: false });
    await openVisual(page);
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    const panel = page.getByRole('complementary', { name: 'Block' });
    const heading = (name: string) => panel.getByRole('heading', { level: 2, name });

    // Tab from the formatting toolbar into the canvas: the first text's block is selected.
    await page.getByRole('button', { name: 'Link', exact: true }).focus();
    await page.keyboard.press('Tab');
    await expect(heading('Heading')).toBeVisible();
    await page.keyboard.press('Alt+ArrowUp');
    await expect(heading('Table row')).toBeVisible();
    await page.keyboard.press('Alt+ArrowDown');
    await expect(heading('Heading')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(heading('No block selected')).toBeVisible();

    // The next text is the paragraph under the heading (past the heading's variable chip, a Tab
    // stop of its own): duplicate it; the copy is selected. Tab until the focus is in it (read
    // once per press; waiting 100 ms for the panel's re-render let a loaded machine Tab past it).
    const intro = canvas.getByRole('paragraph').filter({ hasText: /^We received your order/ });
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Tab');
          return intro.evaluate((element) => element.contains(element.ownerDocument.activeElement));
        },
        { intervals: [0], timeout: 10_000 },
      )
      .toBe(true);
    await expect(heading('Text')).toBeVisible();
    await page.keyboard.press('Alt+Shift+D');
    await expect(intro).toHaveCount(2);
    await expect(heading('Text')).toBeVisible();

    // The panel's controls work from the keyboard; the wrap chooser opens and closes.
    await panel.getByRole('button', { name: 'Wrap in Repeat…' }).press('Enter');
    await expect(panel.getByRole('combobox', { name: 'Repeat for each' })).toBeFocused();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page }).include('aside[aria-label="Block"]').analyze();
      expect(seriousOf(results), `the block panel in the ${colorScheme} theme`).toEqual([]);
    }
    await page.keyboard.press('Escape');
    await expect(panel.getByRole('combobox', { name: 'Repeat for each' })).toBeHidden();
    // Escape again clears the selection; the focus stays in the panel.
    await page.keyboard.press('Escape');
    await expect(heading('No block selected')).toBeFocused();
  });
});

test.describe('notifications: visual mode, details', () => {
  /** The colour `--sc-danger` computes to in the page's current theme. */
  async function dangerColor(page: Page): Promise<string> {
    return page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--sc-danger)';
      document.body.append(probe);
      const color = getComputedStyle(probe).color;
      probe.remove();
      return color;
    });
  }

  test('the Delete buttons of the block panel and the chip popover are red', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    await canvas.getByText('Shipping', { exact: true }).click();
    const panel = page.getByRole('complementary', { name: 'Block' });
    const remove = panel.getByRole('button', { name: 'Delete' });
    await expect(remove).toBeVisible();
    await expect(remove).toHaveCSS('color', await dangerColor(page));

    await canvas.getByRole('heading', { level: 1 }).getByRole('button').focus();
    await page.keyboard.press('Enter');
    const chipPanel = page.getByRole('dialog', { name: 'Variable customer.first_name' });
    await expect(chipPanel.getByRole('button', { name: 'Delete variable' })).toHaveCSS(
      'color',
      await dangerColor(page),
    );
  });

  test('a variable dragged from the panel into the canvas is inserted as Liquid where it is dropped', async ({
    page,
    signIn,
    api,
  }) => {
    const original = await storedHtml(api);
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const subtotal = canvas.getByText('Subtotal', { exact: true });
    await expect(subtotal).toBeVisible();

    // Playwright's mouse drag does not cross into the frame: the drag's events are dispatched
    // as the browser would, with one DataTransfer that the panel's dragstart fills.
    await page.getByRole('button', { name: /^order\.number/ }).evaluate((button) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Visual editor"]');
      const doc = frame?.contentDocument;
      const cell = [...(doc?.querySelectorAll('td') ?? [])].find(
        (td) => td.textContent.trim() === 'Subtotal',
      );
      if (!doc || !cell) throw new Error('no Subtotal cell in the canvas');
      const dataTransfer = new DataTransfer();
      button.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer }));
      // Just inside the word's start: the drop goes before it.
      const word = doc.createRange();
      word.selectNodeContents(cell);
      const rect = word.getBoundingClientRect();
      const at = { clientX: rect.left + 1, clientY: rect.top + rect.height / 2 };
      const init = { bubbles: true, cancelable: true, dataTransfer, ...at };
      cell.dispatchEvent(new DragEvent('dragenter', init));
      const over = new DragEvent('dragover', init);
      cell.dispatchEvent(over);
      if (!over.defaultPrevented) throw new Error('the canvas did not accept the drag');
      cell.dispatchEvent(new DragEvent('drop', init));
      button.dispatchEvent(new DragEvent('dragend', { bubbles: true, dataTransfer }));
    });
    await expect(canvas.locator('td').filter({ hasText: /\w+Subtotal$/ })).toBeVisible();
    // A chip, not the Liquid as escaped text.
    await expect(
      canvas
        .locator('td')
        .filter({ hasText: /Subtotal$/ })
        .locator('.sc-chip'),
    ).toHaveCount(1);

    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();
    expect(await storedHtml(api)).toBe(
      original.replace('>Subtotal<', '>{{ order.number }}Subtotal<'),
    );
  });

  test('the chip and link popovers open at what they edit, inside the window', async ({
    page,
    signIn,
  }) => {
    /** How far the panel is from the target: 0 when it touches it above or below. */
    const gapBetween = (panel: Box, target: Box) =>
      Math.max(panel.y - (target.y + target.height), target.y - (panel.y + panel.height));
    const width = page.viewportSize()?.width ?? 0;
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);

    const chip = canvas.getByRole('heading', { level: 1 }).getByRole('button');
    await chip.focus();
    await page.keyboard.press('Enter');
    const chipPanel = page.getByRole('dialog', { name: 'Variable customer.first_name' });
    await expect(chipPanel).toBeVisible();
    const chipPanelBox = await boxOf(chipPanel);
    // At the chip (under it, or over it when there is no room below), not under the toolbar.
    const chipGap = gapBetween(chipPanelBox, await boxOf(chip));
    expect(chipGap).toBeGreaterThanOrEqual(0);
    expect(chipGap).toBeLessThan(16);
    expect(chipPanelBox.x + chipPanelBox.width).toBeLessThanOrEqual(width);
    await page.keyboard.press('Escape');
    await expect(chipPanel).toBeHidden();

    // The link's panel at the word it links (a caret formats the word around it).
    const intro = canvas.getByText(/We received your order/);
    await intro.click({ position: { x: 4, y: 10 } });
    await page.keyboard.press('ControlOrMeta+k');
    const linkPanel = page.getByRole('dialog', { name: 'Add link' });
    await expect(linkPanel.getByLabel('Link address')).toBeFocused();
    const linkGap = gapBetween(await boxOf(linkPanel), await boxOf(intro));
    expect(linkGap).toBeLessThan(16);
    await page.keyboard.press('Escape');
    await expect(linkPanel).toBeHidden();
  });
});

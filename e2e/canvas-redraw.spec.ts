// The canvas draws itself again when something around it arrives after it is shown: the site's
// snippets (their previews) or the template's layout. An admin who clicked into the canvas before
// that keeps their caret or selection through it: the next keys land where they put it. (Found as
// the canvas property test's "nothing to save" on a busy machine: the snippets came after the
// caret, the redraw dropped it, and the keys went nowhere.)
import type { Locator, Page } from '@playwright/test';
import { caretIn, openVisual, putHtml, save, storedHtml } from './canvas-helpers';
import { expect, test } from './fixtures';
import { holdRequests } from './hold-requests';

const SNIPPETS = /\/api\/snippets(\?.*)?$/;

/** Holds the site's snippets: they arrive after the canvas is shown. */
const holdSnippets = (page: Page) => holdRequests(page, SNIPPETS);

test.describe('canvas: a redraw after the caret is placed', () => {
  test('the caret survives the snippets arriving: the typed word lands where it was put', async ({
    page,
    signIn,
    api,
  }) => {
    await putHtml(api, '<p>Thanks for your order.</p>\n<p>We ship today.</p>');
    const release = await holdSnippets(page);
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const second = canvas.locator('p').nth(1);
    await expect(second).toHaveText('We ship today.');
    const drawn = await second.elementHandle();
    await caretIn(second, 'We'.length);
    release();
    // The snippets' arrival draws the canvas again: the paragraph the caret was in is replaced.
    await expect.poll(() => drawn.evaluate((node) => node.isConnected)).toBe(false);
    await page.keyboard.type(' will');
    await expect(second).toHaveText('We will ship today.');
    await save(page);
    expect(await storedHtml(api)).toBe('<p>Thanks for your order.</p>\n<p>We will ship today.</p>');
  });

  test('a selection survives it too: typing replaces the selected word', async ({
    page,
    signIn,
    api,
  }) => {
    await putHtml(api, '<p>Thanks for your <a href="https://example.com/o">order</a> today.</p>');
    const release = await holdSnippets(page);
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const link = canvas.getByRole('link');
    await expect(link).toHaveText('order');
    const drawn = await link.elementHandle();
    await link.evaluate((node) => {
      const text = node.firstChild as Text;
      // The link is editable inside its paragraph: the paragraph is the editing host a click focuses.
      node.closest('p')?.focus();
      node.ownerDocument.getSelection()?.setBaseAndExtent(text, 0, text, text.length);
    });
    release();
    await expect.poll(() => drawn.evaluate((node) => node.isConnected)).toBe(false);
    await page.keyboard.type('parcel');
    await expect(canvas.getByRole('link')).toHaveText('parcel');
    await save(page);
    expect(await storedHtml(api)).toBe(
      '<p>Thanks for your <a href="https://example.com/o">parcel</a> today.</p>',
    );
  });

  test('a focused chip keeps the focus: Enter then opens its panel', async ({
    page,
    signIn,
    api,
  }) => {
    await putHtml(api, '<p>Hello {{ customer.first_name }}, thanks.</p>');
    const release = await holdSnippets(page);
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const chip = canvas.getByRole('button', { name: /variable \{\{ customer\.first_name \}\}/ });
    const drawn = await chip.elementHandle();
    // As Tab puts it there: a chip is a button in the tab order.
    await chip.focus();
    release();
    await expect.poll(() => drawn.evaluate((node) => node.isConnected)).toBe(false);
    await expect(chip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Variable customer.first_name' })).toBeVisible();
  });
});

/**
 * Chooses the page's "Many lines" sample, which draws the canvas again, the first time `event`
 * reaches the canvas: a redraw at a chosen step of a click.
 */
async function chooseSampleOn(element: Locator, event: 'focusin' | 'mousedown') {
  await element.evaluate((node, type) => {
    node.ownerDocument.addEventListener(
      type,
      () => {
        const parent = node.ownerDocument.defaultView?.parent.document;
        const sample = [...(parent?.querySelectorAll('button') ?? [])].find(
          (button) => button.textContent.trim() === 'Many lines',
        );
        sample?.click();
      },
      { capture: true, once: true },
    );
  }, event);
}

test.describe('canvas: a redraw while a click is placing the caret', () => {
  // test:steady's red (issue 36): the snippets' redraw came in the click's own focus step, after
  // the block took the focus and before the browser put the caret in it; with no caret to keep,
  // the redraw left the focus on the frame's body, and the keys typed next went nowhere.
  test('the click still puts the caret where it was pressed: the typed word lands there', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toContainText('Thank you, Ada!');
    // Another sample chosen in the heading's focus step draws the canvas again at once (a
    // discrete update flushes before the browser's default action goes on to the caret).
    await chooseSampleOn(heading, 'focusin');
    const drawn = await heading.elementHandle();
    await heading.click({ position: { x: 4, y: 12 } });
    // Drawn again once the press is over (a redraw waits for it: see the next test).
    await expect.poll(() => drawn.evaluate((node) => node.isConnected)).toBe(false);
    await expect(heading).toBeFocused();
    await page.keyboard.insertText('Dear ');
    await expect(heading).toContainText('Dear Thank you,');
  });

  test('a click on a canvas switch survives a redraw between the press and the release', async ({
    page,
    signIn,
  }) => {
    // A redraw during the press replaced the button pressed, and Chromium sends no click when
    // the element pressed is gone by the release: the switch did nothing (two reds in clean
    // clones, a canvas marker and this footer's switch, when the snippets came mid-click).
    await signIn(page, 'demo', { open: false });
    const canvas = await openVisual(page);
    await expect(canvas.getByText('Change your preferences')).toBeVisible();
    const footer = canvas.getByRole('group', {
      name: /Branch shown: Only if customer\.accepts_marketing/,
    });
    const otherwise = footer.getByRole('button', { name: 'Otherwise: nothing' });
    // Another sample chosen on mousedown asks for a redraw inside the press.
    await chooseSampleOn(otherwise, 'mousedown');
    const drawn = await otherwise.elementHandle();
    await otherwise.click();
    await expect(canvas.getByText('Change your preferences')).toHaveCount(0);
    // And the redraw the sample asked for did come, after the click.
    await expect.poll(() => drawn.evaluate((node) => node.isConnected)).toBe(false);
    await expect(
      canvas.getByText(/Repeats for each line in order\.lines \(\d+ in the sample\)/),
    ).toBeVisible();
  });
});

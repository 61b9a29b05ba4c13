// Helpers of the canvas specs: open the visual mode on a template, save, read what was stored.
import type { Locator, Page } from '@playwright/test';
import { expect, type ApiFetch } from './fixtures';
import { pasteCode } from './pages';

export async function storedHtml(api: ApiFetch): Promise<string> {
  const response = await api('/notifications/order-confirmation');
  const body = (await response.json()) as { html: string };
  return body.html;
}

/** Stores `html` as the demo template's HTML version, through the API. */
export async function putHtml(api: ApiFetch, html: string) {
  const response = await api('/notifications/order-confirmation', {
    method: 'PUT',
    body: JSON.stringify({ html }),
  });
  expect(response.status).toBe(200);
}

/** Replaces the HTML version with `html` in the code and opens the visual mode on it. */
export async function openVisualWith(
  page: Page,
  html: string,
  { beforeVisual }: { beforeVisual?: () => Promise<void> } = {},
) {
  await page.goto('/notifications/order-confirmation');
  // The editor opens in the mode last used, Visual for a new admin (decision 038).
  await page.getByRole('button', { name: 'Code', exact: true }).click({ timeout: 30_000 });
  await pasteCode(page, page.getByRole('textbox', { name: 'HTML version' }), html);
  await beforeVisual?.();
  await page.getByRole('button', { name: 'Visual' }).click();
  return page.frameLocator('iframe[title="Visual editor"]');
}

/**
 * Stores `html` as the demo template's HTML version through the API and opens the visual mode on
 * it: the code view has never been shown (it mounts when Code is first shown, decision 090). Not
 * a cheaper `openVisualWith` for key tests: a key pressed right after a caret put in by script in
 * a canvas opened this way was lost in 3 of about 95 runs (issue 36, load 15–20).
 */
export async function openVisualOn(page: Page, api: ApiFetch, html: string) {
  await putHtml(api, html);
  return openVisual(page);
}

/** Opens the demo template as it is stored, in the visual mode. */
export async function openVisual(page: Page) {
  await page.goto('/notifications/order-confirmation');
  await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
  return page.frameLocator('iframe[title="Visual editor"]');
}

/** Saves through the review dialog (Ctrl/Cmd+S from wherever the focus is). */
export async function save(page: Page) {
  await page.keyboard.press('ControlOrMeta+s');
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
}

/** The box of `locator` on the page (frames included). */
export async function boxOf(locator: Locator) {
  // boundingBox() does not wait: on a busy machine the canvas may not have drawn it yet, and a
  // redraw (the snippets or the layout arriving after the canvas is shown) replaces it: once the
  // element was found, then had no box (3 workers, quiet). So: until it has a box.
  const found: { box: Awaited<ReturnType<Locator['boundingBox']>> } = { box: null };
  await expect
    .poll(async () => {
      found.box = await locator.boundingBox();
      return found.box !== null;
    })
    .toBe(true);
  if (!found.box) throw new Error('not drawn');
  return found.box;
}

/** Selects an element's text as a mouse does: pressed at its left edge, released at its right. */
export async function dragAcross(page: Page, target: Locator) {
  const box = await boxOf(target);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, y, { steps: 3 });
  await page.mouse.move(box.x + box.width - 1, y, { steps: 3 });
  await page.mouse.up();
}

/** Puts the caret in the `index`-th DOM text of `element` at `at` (a click there leaves it so). */
export async function caretIn(element: Locator, at: number | 'end', index = 0) {
  await selectTextIn(element, at, at, index);
}

/** Selects `from`–`to` in the `index`-th DOM text of `element` (a drag across it leaves it so). */
export async function selectTextIn(
  element: Locator,
  from: number | 'end',
  to: number | 'end',
  index = 0,
) {
  await element.evaluate(
    (found, [start, end, nth]) => {
      // Found, then run: a redraw in between (the snippets arriving on a busy machine) drew the
      // element again, under the same node id (the caret once went to a detached copy).
      const node = found.isConnected
        ? found
        : (found.ownerDocument.querySelector(`[data-node="${found.getAttribute('data-node')}"]`) ??
          found);
      const texts = [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE);
      const text = texts[nth] as Text;
      const offset = (at: number | 'end') => (at === 'end' ? text.length : at);
      node.closest<HTMLElement>('[contenteditable="true"]')?.focus();
      const selection = node.ownerDocument.getSelection();
      if (start === end) selection?.collapse(text, offset(start));
      else selection?.setBaseAndExtent(text, offset(start), text, offset(end));
    },
    [from, to, index] as const,
  );
}

/** Selects the whole content of `element`, focused (a drag across it leaves it so). */
export async function selectAllIn(element: Locator) {
  await element.evaluate((found) => {
    // As in selectTextIn: the element as drawn now.
    const node = found.isConnected
      ? found
      : (found.ownerDocument.querySelector(`[data-node="${found.getAttribute('data-node')}"]`) ??
        found);
    node.closest<HTMLElement>('[contenteditable="true"]')?.focus();
    node.ownerDocument.getSelection()?.selectAllChildren(node);
  });
}

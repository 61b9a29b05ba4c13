// Steps several specs take on the same page, written once: open a page and wait until it is
// usable, or edit it as an admin would.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens a notification template's editor and waits for its lazy chunk. */
export async function openEditor(page: Page, slug = 'order-confirmation') {
  await page.goto(`/notifications/${slug}`);
  // The editor chunk (CodeMirror, liquidjs) loads on demand; give a busy machine time for it.
  await expect(page.getByRole('tablist', { name: 'Message body' })).toBeVisible({
    timeout: 30_000,
  });
}

/** Shows the HTML version's code (Code mode), whichever mode the editor opened in. */
export async function showHtmlCode(page: Page) {
  await page.getByRole('button', { name: 'Code', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'HTML version' })).toBeVisible();
}

/**
 * Replaces a code view's whole text with `code`, pasted. Not typed: typing that ends a line with a
 * closing tag reindents that line from the syntax tree parsed so far, which a busy machine may not
 * have parsed to the end (a closing `</p>` then took the indentation of the line before it: 3
 * runs in 10 at load 20), so what was stored depended on the machine's speed.
 */
export async function pasteCode(page: Page, editor: Locator, code: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.keyboard.press('ControlOrMeta+v');
  // The view draws the lines in sight, the cursor's (the last) among them.
  await expect(editor).toContainText(code.split('\n').at(-1) ?? '');
}

/** Replaces the whole content of the HTML or Text editor. */
export async function replaceCode(page: Page, name: 'Text version' | 'HTML version', code: string) {
  // HTML and Text are tabs: show the one the editor is in.
  await page.getByRole('tab', { name: name === 'Text version' ? /^Text/ : /^HTML/ }).click();
  // The HTML opens in the mode last used (Visual for a new admin): its code is in Code mode.
  if (name === 'HTML version') await showHtmlCode(page);
  await pasteCode(page, page.getByRole('textbox', { name }), code);
}

/** Opens the consent settings (`search` such as `?lang=nl`) once their form has loaded. */
export async function openConsent(page: Page, search = '') {
  await page.goto(`/settings/consent${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consent' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
}

/** Opens an app's log viewer (`search` such as `?job=x`) once its tail is live. */
export async function openLogs(page: Page, app: string, search = '') {
  await page.goto(`/apps/${app}/logs${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
  await expect(page.locator('[data-tail-status]')).toHaveAttribute('data-tail-status', 'live');
}

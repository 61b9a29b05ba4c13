// What the template editor's first open fetches (decision 090): opened in Visual, it asks for no
// code view (CodeMirror's view) until the admin shows the text version's tab or opens the sample
// data, and what comes in before that view (a restored draft) is not lost.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openEditor } from './pages';

/** The built code view's file (dist/.vite/manifest.json), as the browser asks for it. */
function codeViewPath(): string {
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), 'dist', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest['src/features/notifications/editor/code-editor.tsx'];
  if (!chunk) throw new Error('The build has no code view chunk: run `npx vite build`.');
  return `/${chunk.file}`;
}

/** Counts the page's requests for the code view from now on. */
function watchCodeView(page: Page): CodeViewRequests {
  const path = codeViewPath();
  const seen = { count: 0 };
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.count += 1;
  });
  return seen;
}

interface CodeViewRequests {
  readonly count: number;
}

/**
 * No request for the code view so far. Every request the page made before now has been reported
 * first: the page asks for one more, and the browser reports requests in the order they were made.
 */
async function expectNoCodeViewYet(page: Page, codeView: CodeViewRequests) {
  const marker = `/first-open-barrier-${Math.random().toString(36).slice(2)}`;
  const seen = page.waitForRequest((request) => new URL(request.url()).pathname === marker);
  await page.evaluate((url) => void fetch(url).catch(() => undefined), marker);
  await seen;
  expect(codeView.count).toBe(0);
}

/** Replaces the whole text of a code view as typed input. */
async function replaceAll(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

/** The editor open in Visual (a new admin's mode), its canvas drawn and its preview rendered. */
async function openInVisual(page: Page) {
  await openEditor(page);
  await expect(
    page.getByRole('group', { name: 'HTML editing mode' }).getByRole('button', { name: 'Visual' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('preview-subject')).toHaveText(
    'Your order #1042 at Northwind Goods',
  );
}

const inboxLine = (page: Page) => page.getByRole('group', { name: 'Inbox line' });

test.describe('the template editor’s first open', () => {
  test('fetches the code view when the Text tab is shown, and the text editor works', async ({
    page,
    signIn,
  }) => {
    const codeView = watchCodeView(page);
    await signIn(page, 'demo', { open: false });
    await openInVisual(page);
    await expectNoCodeViewYet(page, codeView);

    await page.getByRole('tab', { name: /^Text/ }).click();
    const text = page.getByRole('textbox', { name: 'Text version' });
    await expect(text).toBeVisible();
    expect(codeView.count).toBe(1);
    await replaceAll(page, text, 'Thanks {{ customer.first_name }}, order {{ order.number }}');
    await expect(inboxLine(page)).toContainText('Thanks Ada, order #1042');
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
  });

  test('fetches the code view when Sample data is opened, and the sample editor works', async ({
    page,
    signIn,
  }) => {
    const codeView = watchCodeView(page);
    await signIn(page, 'demo', { open: false });
    await openInVisual(page);
    const samples = page.getByRole('button', { name: /^Sample data/ });
    await expect(samples).toHaveAttribute('aria-expanded', 'false');
    await expectNoCodeViewYet(page, codeView);

    await samples.click();
    const json = page.getByRole('textbox', { name: /^Sample data ".*" \(JSON\)$/ });
    await expect(json).toBeVisible();
    expect(codeView.count).toBe(1);
    await replaceAll(page, json, '{ "order": { "number": "#7" }, "shop": { "name": "Grace’s" } }');
    await expect(page.getByTestId('preview-subject')).toHaveText('Your order #7 at Grace’s');
  });

  test('a restored draft of the text needs no code view, and the Text tab shows it', async ({
    page,
    signIn,
  }) => {
    // Leaving a page with unsaved changes asks first; the reload is the admin's.
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, 'demo', { open: false });
    await openInVisual(page);
    await page.getByRole('tab', { name: /^Text/ }).click();
    await replaceAll(
      page,
      page.getByRole('textbox', { name: 'Text version' }),
      'Drafted {{ order.number }}',
    );
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();

    const codeView = watchCodeView(page);
    await page.reload();
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await banner.getByRole('button', { name: 'Restore draft' }).click();
    await expect(inboxLine(page)).toContainText('Drafted #1042');
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
    await expectNoCodeViewYet(page, codeView);

    await page.getByRole('tab', { name: /^Text/ }).click();
    await expect(page.getByRole('textbox', { name: 'Text version' })).toHaveText(
      'Drafted {{ order.number }}',
    );
    // The restored text is one undo step in the document the view now shows.
    await page.getByRole('textbox', { name: 'Text version' }).click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page.getByRole('textbox', { name: 'Text version' })).not.toContainText('Drafted');
  });
});

// The checks before sending in the dashboard (issue 39): the Checks panel of the notification
// editor on the draft (unsaved changes in two languages), its links to the template's lines and
// canvas elements, the matrix, the line before a send, the dark-mode preview and the checks of
// a mail in the Test inbox. The worker's shared service (no SMTP_URL: test sends land in the
// site's Test inbox; no spamd: the spam score is "not available"), each test on its own sites.
import type { Page } from '@playwright/test';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { expect, test } from './fixtures';
import { openEditor, replaceCode } from './pages';

// A 1×1 PNG: an image that loads nothing from the network (the page's console must stay clean).
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const languageTab = (page: Page, name: string) =>
  page
    .getByRole('tablist', { name: 'Languages' })
    .getByRole('tab', { name: new RegExp(`^${name}`) });
const checksPanel = (page: Page) => page.getByRole('region', { name: 'Checks', exact: true });
const finding = (page: Page, label: string) =>
  checksPanel(page).getByRole('button', { name: new RegExp(`^${label}`) });
const ourUi = (page: Page) =>
  new AxeBuilder({ page })
    .exclude('iframe[title="HTML preview"]')
    .exclude('iframe[title="Visual editor"]');

test.describe('checks before sending', () => {
  test('findings of the draft in two languages on their lines; one moves the canvas to its image', async ({
    page,
    signIn,
  }) => {
    // The editor's chunks and two languages' checks on a busy machine.
    test.slow();
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await replaceCode(
      page,
      'HTML version',
      '<p>Hello {{ customer.first_nme }}</p>\n<p><a href="http://example.com/orders">Your order</a></p>',
    );
    await languageTab(page, 'Dutch').click();
    await expect(page).toHaveURL(/locale=nl/);
    await replaceCode(
      page,
      'HTML version',
      `<p>Hallo</p>\n<img src="data:image/png;base64,${PIXEL}" width="120">`,
    );

    const unknown = finding(page, 'Unknown variable');
    await expect(unknown).toContainText('English · HTML line 1', { timeout: 30_000 });
    await expect(unknown).toContainText('customer.first_nme');
    await expect(finding(page, 'Link over http:')).toContainText('English · HTML line 2');
    const image = finding(page, 'Image without alt');
    await expect(image).toContainText('Dutch · HTML line 2');
    // Warnings never block: one line says so before a save and before a test send.
    await expect(page.getByText(/^The checks found .*warnings?: see Checks\.$/)).toHaveCount(2);

    // In Code mode a finding puts the cursor on its line (English: the language switches back).
    await finding(page, 'Link over http:').click();
    await expect(page).not.toHaveURL(/locale=nl/);
    await expect(page.getByRole('textbox', { name: 'HTML version' })).toBeFocused();

    // In Visual mode it selects its element on the canvas (Dutch: the language switches).
    await page.getByRole('button', { name: 'Visual', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'No block selected' })).toBeVisible();
    await image.click();
    await expect(page).toHaveURL(/locale=nl/);
    await expect(page.getByRole('heading', { name: 'Image', level: 2 })).toBeVisible();

    // Filtered by language; the matrix of languages × checks for the whole template.
    await checksPanel(page).getByLabel('Language').selectOption('nl');
    await expect(finding(page, 'Unknown variable')).toHaveCount(0);
    await expect(image).toBeVisible();
    await checksPanel(page).getByLabel('Language').selectOption('');
    await checksPanel(page).getByRole('button', { name: 'Show languages × checks' }).click();
    const row = checksPanel(page).getByRole('row', { name: /^Image without alt/ });
    await expect(row.getByRole('cell')).toHaveText(['✓passes', '1 warning']);

    expect(await seriousInBothThemes(page, ourUi)).toEqual([]);
  });

  test('a check this dashboard does not know shows by its name, with its clients', async ({
    page,
    signIn,
  }) => {
    // A newer service's finding, added to what ours answers.
    await page.route('**/api/notifications/*/checks', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { checks: string[]; findings: unknown[] };
      body.checks.push('css_support');
      body.findings.push({
        check: 'css_support',
        severity: 'warning',
        locale: 'en',
        field: 'html',
        line: 1,
        column: 1,
        message: 'border-radius is not supported',
        clients: ['Outlook for Windows'],
      });
      await route.fulfill({ response, json: body });
    });
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    const css = finding(page, 'Css support');
    await expect(css).toContainText('border-radius is not supported', { timeout: 30_000 });
    await expect(css).toContainText('Outlook for Windows');
    const client = checksPanel(page).getByLabel('Client');
    await client.selectOption('Outlook for Windows');
    await expect(css).toBeVisible();
  });

  test('the dark toggle renders the preview as a client in dark mode', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await replaceCode(
      page,
      'HTML version',
      '<style>@media (prefers-color-scheme: dark) { h1 { color: rgb(250, 250, 1); } }</style><h1 style="margin:0">Hi</h1>',
    );
    const heading = page
      .frameLocator('iframe[title="HTML preview"]')
      .getByRole('heading', { name: 'Hi' });
    await expect(heading).not.toHaveCSS('color', 'rgb(250, 250, 1)');
    const dark = page.getByRole('button', { name: 'Dark', exact: true });
    await dark.click();
    await expect(dark).toHaveAttribute('aria-pressed', 'true');
    await expect(heading).toHaveCSS('color', 'rgb(250, 250, 1)');
    await dark.click();
    await expect(heading).not.toHaveCSS('color', 'rgb(250, 250, 1)');
  });

  test('a mail in the Test inbox shows its checks', async ({ page, signIn }) => {
    test.slow();
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    await replaceCode(
      page,
      'HTML version',
      '<p><a href="http://example.com/track">Track it</a></p>',
    );
    await page.getByRole('button', { name: 'Send test to me' }).click();
    await expect(page.getByText('Test sent to the Test inbox')).toBeVisible();
    await page.goto('/test-inbox');
    await page.getByRole('tab', { name: 'Checks' }).click();
    const link = page.getByText(/^An http: link \(http:\/\/example\.com\/track\)/);
    await expect(link).toBeVisible();
    expect(
      await seriousInBothThemes(page, (current) =>
        new AxeBuilder({ page: current }).exclude('iframe'),
      ),
    ).toEqual([]);
  });
});

// axe-core on every page of the dashboard, in the light and the dark theme (contrast differs):
// no serious or critical violations. Each page is checked once its main heading is shown, once
// per page state (seriousInBothThemes: every rule in light, contrast again in dark).
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, test } from './fixtures';
import { AxeBuilder, seriousInBothThemes, seriousOf } from './axe';
import { ingestLogs } from './log-entries';

interface PageCase {
  path: string;
  /** The page's h1, which tells that its data has loaded. */
  heading: string | RegExp;
}

const SIGNED_IN_PAGES: PageCase[] = [
  { path: '/apps', heading: 'Apps' },
  { path: '/apps/storefront', heading: 'Storefront' },
  { path: '/apps/storefront/logs', heading: 'Logs' },
  { path: '/settings/consent', heading: /consent/i },
  { path: '/settings/site', heading: 'Site' },
  { path: '/settings/members', heading: 'Members' },
  { path: '/account/tokens', heading: 'Personal access tokens' },
  { path: '/notifications', heading: /notifications/i },
  { path: '/notifications/order-confirmation', heading: /order.confirmation/i },
  { path: '/no/such/page', heading: 'Page not found' },
  // A link to a site the token cannot use (issue 30).
  { path: '/s/elsewhere/apps', heading: 'This link is for the site “elsewhere”' },
];

// The notification preview is the admin's own email HTML in a sandboxed iframe (no scripts),
// which axe cannot enter (it waits for the frame until the test times out); it is not our UI.
const ourUi = (page: Page) => new AxeBuilder({ page }).exclude('iframe[title="HTML preview"]');

async function seriousViolations(page: Page): Promise<string[]> {
  return seriousOf(await ourUi(page).analyze());
}

/** The page in both themes (e2e/axe.ts). */
const seriousInThemes = (page: Page) => seriousInBothThemes(page, ourUi);

test.describe('accessibility', () => {
  // Axe over a whole page is the heaviest step of the suite (seconds per run on a busy machine):
  // these tests get Playwright's slow budget; every wait inside them is still on a condition.
  test.slow();

  test('/sign-in has no serious or critical axe violations', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Sign in to Site Console' }),
    ).toBeVisible();
    expect(await seriousInThemes(page), '/sign-in').toEqual([]);
  });

  for (const { path, heading } of SIGNED_IN_PAGES) {
    test(`${path} has no serious or critical axe violations`, async ({ page, signIn }) => {
      await signIn(page, 'demo', { open: false });
      await page.goto(path);
      // Some pages load their chunk on demand (the editor: CodeMirror, liquidjs).
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
        timeout: 30_000,
      });
      expect(await seriousInThemes(page), path).toEqual([]);
    });
  }

  test('the Activity page and the History panel (issue 29)', async ({ page, signIn, api }) => {
    const put = await api('/notifications/welcome', {
      method: 'PUT',
      body: JSON.stringify({ subject: 'Welcome aboard, {{ customer.first_name }}' }),
    });
    expect(put.status).toBe(200);
    await api('/notifications/welcome', {
      method: 'PUT',
      body: JSON.stringify({ subject: 'Welcome, {{ customer.first_name }}' }),
    });
    await signIn(page, 'demo', { open: false });
    await page.goto('/activity');
    await expect(page.getByRole('list', { name: 'Changes' }).getByRole('article')).toHaveCount(2);
    expect(await seriousInThemes(page), '/activity').toEqual([]);
    await page.goto('/notifications/welcome');
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'History' });
    await expect(dialog.getByRole('button', { name: 'Restore this version' })).toHaveCount(2);
    // The rendered versions are the admin's own mail in sandboxed frames, like the preview.
    const history = await seriousInBothThemes(page, (current) =>
      ourUi(current).exclude('iframe[title^="Rendered #"]'),
    );
    expect(history, 'History').toEqual([]);
  });

  test('the notification editor in visual mode, its frames, switches and locked islands', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/notifications/order-confirmation');
    await page.getByRole('button', { name: 'Visual' }).click({ timeout: 30_000 });
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    await expect(canvas.locator('.sc-frame-label').first()).toBeVisible();
    expect(await seriousInThemes(page), 'visual mode').toEqual([]);
  });

  test('the notification editor with its locale bar, a translation shown and one missing', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/notifications/order-confirmation?locale=nl');
    const languages = page.getByRole('tablist', { name: 'Languages' });
    await expect(languages.getByRole('tab', { name: /^Dutch/ })).toHaveAttribute(
      'aria-selected',
      'true',
      { timeout: 30_000 },
    );
    await page.getByLabel('Subject').fill('Bestelling {{ order.number }}');
    await expect(languages.getByRole('tab', { name: /^Dutch/ })).toContainText('edited');
    expect(await seriousInThemes(page), 'nl').toEqual([]);
    await languages.getByRole('tab', { name: /^French/ }).click();
    await expect(page.getByRole('button', { name: 'Start from English' })).toBeVisible();
    expect(await seriousInThemes(page), 'fr').toEqual([]);
  });

  test('the log viewer at 1440 px with every level, jobs, the volume chart and a search', async ({
    page,
    signIn,
    api,
  }) => {
    const levels = ['debug', 'info', 'warn', 'error', 'fatal', 'unknown'];
    const [last] = (
      await ingestLogs(
        api,
        'analytics',
        levels.map((level) => ({
          level,
          data: { message: `checkout ${level}`, order: { id: 7 } },
          context: { job: { name: `sync-${level}` } },
        })),
      )
    ).slice(-1);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/analytics/logs?q=checkout');
    await expect(page.locator(`[data-log-id="${last?.id ?? 'missing'}"]`)).toBeVisible();
    await expect(page.getByText('6 entries', { exact: true })).toBeVisible();
    expect(await seriousInThemes(page), 'logs').toEqual([]);
  });

  test('the consent page with the banner preview open (issue 30)', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/settings/consent');
    await expect(page.getByRole('heading', { level: 1, name: /consent/i })).toBeVisible();
    await page.getByRole('button', { name: 'Show the banner preview' }).click();
    // Each theme in place (the dashboard follows `prefers-color-scheme` live): the same page, the
    // banner switched to the theme's look; every rule in both, the banner's toggle being a state.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      // The banner in the theme of the dashboard, so both of Klaro's looks are checked too.
      await page.getByRole('button', { name: colorScheme === 'light' ? 'Light' : 'Dark' }).click();
      const frame = page.frameLocator(`iframe[title$=", ${colorScheme}"]`);
      await expect(
        frame
          .getByRole('button', { name: 'Ik weiger' })
          .or(frame.getByRole('button', { name: /decline/i })),
      ).toBeVisible();
      // Our UI around the frame. The frame is Klaro 0.7.22's own markup, shown as a site would
      // show it (not ours to change in the preview): axe finds its notice dialog unnamed and its
      // light theme's buttons and link under 4.5:1; decision 054 records that for a follow-up.
      const results = await new AxeBuilder({ page })
        .exclude('iframe[title^="Consent banner preview"]')
        .analyze();
      expect(seriousOf(results), `banner preview in the ${colorScheme} theme`).toEqual([]);
    }
  });

  test('the saved views menu and the save dialog with an error on its field (issue 30)', async ({
    page,
    signIn,
    api,
  }) => {
    const saved = await api('/log-views', {
      method: 'POST',
      body: JSON.stringify({ name: 'Checkout errors', query: { q: 'checkout', range: '1h' } }),
    });
    expect(saved.status).toBe(201);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/analytics/logs?q=checkout&range=1h');
    const views = page.getByRole('button', { name: /^Saved views/ });
    await expect(views).toHaveText('Checkout errors');
    await views.click();
    await expect(page.getByRole('menuitemradio', { name: 'Checkout errors' })).toBeFocused();
    expect(await seriousInThemes(page), 'views menu').toEqual([]);
    await page.getByRole('menuitem', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill('Checkout errors');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog.getByLabel('View name')).toHaveAttribute('aria-invalid', 'true');
    expect(await seriousInThemes(page), 'save dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('the Fields panel with the top values of a field (issue 30)', async ({
    page,
    signIn,
    api,
  }) => {
    await ingestLogs(
      api,
      'analytics',
      [200, 200, 500].map((status) => ({ level: 'info', data: { status, path: '/checkout' } })),
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/analytics/logs?range=1h');
    await page.getByRole('button', { name: 'Fields' }).click();
    const panel = page.getByRole('dialog', { name: 'Fields' });
    await panel.getByLabel('Field').selectOption('status');
    await expect(panel.getByRole('list', { name: 'Top values of status' })).toBeVisible();
    expect(await seriousInThemes(page), 'Fields').toEqual([]);
  });

  test('the logs context panel (show context), light and dark', async ({ page, signIn, api }) => {
    const response = await api('/apps/analytics/logs', {
      method: 'POST',
      body: JSON.stringify({
        logs: ['debug', 'info', 'error', 'warn'].map((level) => ({
          level,
          data: { message: `context ${level}`, path: '/checkout' },
          context: { job: { name: `ctx-${level}` } },
        })),
      }),
    });
    expect(response.status).toBe(201);
    const stored = (await response.json()) as Array<{ id: string }>;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/analytics/logs?q=context');
    const row = page.locator(`[data-log-id="${stored[2]?.id ?? 'missing'}"]`);
    await row.getByRole('button', { name: /^Details of the error entry/ }).click();
    await page.getByRole('button', { name: 'Show context' }).click();
    const dialog = page.getByRole('dialog', { name: 'Context' });
    await expect(dialog.locator('[aria-current="true"]')).toContainText('context error');
    expect(await seriousInThemes(page), 'context panel').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('the phone layout with the navigation drawer open', async ({ page, signIn }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('dialog', { name: 'Navigation' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the account menu and the site switcher, open, in both themes', async ({
    page,
    signIn,
    server,
  }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    await page.getByRole('button', { name: 'Account and connection' }).click();
    const account = page.getByRole('menu', { name: 'Account' });
    await expect(account.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await expect(account).toContainText(server.email(ADMIN_EMAIL));
    expect(await seriousInThemes(page), 'account menu').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(account).toBeHidden();
    await page.getByRole('button', { name: /Switch site$/ }).click();
    const sites = page.getByRole('menu', { name: 'Sites' });
    await expect(sites.getByRole('menuitemradio').first()).toBeVisible();
    expect(await seriousInThemes(page), 'site switcher').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(sites).toBeHidden();
  });

  test('the sign-in form with its errors shown', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Access token').fill('scs_wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This token was not accepted')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

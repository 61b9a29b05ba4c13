// Links carry the site (issue 30), against the real service with its two demo sites (demo and
// acme; the demo token's user may use both): addresses name their site as `/s/<site>/…`, a link
// to another usable site switches to it (asking first over unsaved edits), one to a site the
// token cannot use says so, and site-less addresses open on the current site.
import type { Page } from '@playwright/test';
import { expect, test, type TestServer, type TestSites } from './fixtures';
import { ingestLogs, type StoredEntry } from './log-entries';
import { openLogs } from './pages';

/** A token of another user, who may use the acme site only. */
function acmeOnlyToken(server: TestServer): Promise<string> {
  return server.token('acme', { email: 'links@example.com' });
}

const siteButton = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`^Site: ${name}\\.`) });

async function switchVia(page: Page, name: RegExp) {
  await page.getByRole('button', { name: /Switch site/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

/** The apps page of the test's SITE (`sites.demo` or `sites.acme`). */
async function expectAppsOf(page: Page, sites: TestSites, site: 'demo' | 'acme') {
  await expect(page).toHaveURL(new RegExp(`/s/${sites[site]}/apps$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  await expect(siteButton(page, site === 'demo' ? 'Demo Store' : 'Acme Corporation')).toBeVisible();
  await expect(
    page.getByRole('link', { name: site === 'demo' ? 'Storefront' : 'Acme Shop' }),
  ).toBeVisible();
}

// The worker's shared service (decision 058): these tests are about the site ids in addresses
// (`/s/<site>/…`), links and messages; they read the ids from `sites` (this test's `demo-w0t3`,
// `acme-w0t3`) rather than the demo's literal `demo` and `acme`: what they check is that an
// address names its site, whichever id it has.

test.describe('links carry the site', () => {
  // The fixture's admin is a member of both of the test's sites, as the demo's admin is of `demo`
  // and `acme`: the sign-in form lists both, the switcher offers both, whichever the test signs in
  // to. A token for a site makes the membership.
  test.beforeEach(async ({ server }) => {
    await server.token('demo');
    await server.token('acme');
  });

  test('every address and in-app link names the site', async ({ page, signIn, sites }) => {
    await signIn(page);
    await expect(page).toHaveURL(new RegExp(`/s/${sites.demo}/apps$`));
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      `/s/${sites.demo}/notifications`,
    );
    await switchVia(page, /Acme Corporation/);
    await expectAppsOf(page, sites, 'acme');
    await expect(nav.getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      `/s/${sites.acme}/notifications`,
    );
  });

  test('a log-entry link copied on demo, opened while on acme, switches to demo and shows the entry', async ({
    page,
    context,
    signIn,
    api,
    baseURL,
    sites,
  }) => {
    const job = `links-${Date.now()}`;
    const stored = await ingestLogs(
      api,
      'analytics',
      Array.from({ length: 5 }, (_, n) => ({
        level: 'info',
        data: { message: `line ${n}` },
        context: { job: { name: job } },
      })),
    );
    const target = stored[2] as StoredEntry;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

    await signIn(page, 'demo', { open: false });
    await openLogs(page, 'analytics', `?job=${job}`);
    await expect(page).toHaveURL(new RegExp(`/s/${sites.demo}/apps/analytics/logs\\?`));
    const row = page.locator(`[data-log-id="${target.id}"]`);
    await row.getByRole('button', { name: /^Details of the info entry/ }).click();
    await page.getByRole('button', { name: 'Copy link to this entry' }).click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(new URL(link).pathname).toBe(`/s/${sites.demo}/apps/analytics/logs`);
    expect(link).toContain(`entry=${target.id}`);

    await page.goto('/apps');
    await switchVia(page, /Acme Corporation/);
    await expectAppsOf(page, sites, 'acme');

    await page.goto(link);
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Switched to Demo Store',
    );
    await expect(siteButton(page, 'Demo Store')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/s/${sites.demo}/apps/analytics/logs\\?`));
    await expect(row.getByRole('button', { name: /^Details of the info entry/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByText('There is no app')).toHaveCount(0);
  });

  test('Back and Forward across a switch go back to each site', async ({ page, signIn, sites }) => {
    await signIn(page, 'demo');
    await expectAppsOf(page, sites, 'demo');
    await switchVia(page, /Acme Corporation/);
    await expectAppsOf(page, sites, 'acme');

    await page.goBack();
    await expectAppsOf(page, sites, 'demo');
    await page.goForward();
    await expectAppsOf(page, sites, 'acme');
    // The stored site follows, so a site-less address now opens on acme.
    await page.goto('/notifications');
    await expect(page).toHaveURL(new RegExp(`/s/${sites.acme}/notifications$`));
  });

  test('an address of another site over unsaved edits asks first; Stay keeps both, Switch switches', async ({
    page,
    signIn,
    sites,
  }) => {
    await signIn(page, 'acme');
    await expectAppsOf(page, sites, 'acme');
    await switchVia(page, /Demo Store/);
    await expectAppsOf(page, sites, 'demo');
    await page.getByRole('link', { name: 'Storefront' }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${sites.demo}/apps/storefront$`));
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Storefront EU');

    // Two steps back is acme's list: another site's address.
    const question = page.getByRole('alertdialog', { name: 'Switch to Acme Corporation?' });
    await page.evaluate(() => window.history.go(-2));
    await expect(question).toBeVisible();
    await expect(question).toContainText('You have changes on Demo Store that are not saved');
    await question.getByRole('button', { name: 'Stay on Demo Store' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/s/${sites.demo}/apps/storefront$`));
    await expect(name).toHaveValue('Storefront EU');
    await expect(siteButton(page, 'Demo Store')).toBeVisible();

    await page.evaluate(() => window.history.go(-2));
    await question.getByRole('button', { name: 'Switch to Acme Corporation' }).click();
    await expectAppsOf(page, sites, 'acme');
  });

  test('a notification draft survives switching away over unsaved edits', async ({
    page,
    signIn,
    sites,
  }) => {
    await signIn(page, 'acme');
    await expectAppsOf(page, sites, 'acme');
    await switchVia(page, /Demo Store/);
    await expectAppsOf(page, sites, 'demo');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Notifications' }).click();
    await page.getByRole('link', { name: /Password reset/i }).click();
    await expect(page.getByRole('tablist', { name: 'Message body' })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByLabel('Subject').fill('Reset it, {{ customer.first_name }}');
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();

    // Three steps back is acme's list.
    await page.evaluate(() => window.history.go(-3));
    const question = page.getByRole('alertdialog', { name: 'Switch to Acme Corporation?' });
    await question.getByRole('button', { name: 'Switch to Acme Corporation' }).click();
    await expectAppsOf(page, sites, 'acme');

    await page.goto(`/s/${sites.demo}/notifications/password-reset`);
    const banner = page.getByRole('region', { name: 'Unsaved draft' });
    await expect(banner).toBeVisible({ timeout: 30_000 });
    await banner.getByRole('button', { name: 'Restore draft' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('Reset it, {{ customer.first_name }}');
  });

  test('a link to a site the token cannot use says which site and how to get access', async ({
    page,
    server,
    sites,
  }) => {
    const token = await acmeOnlyToken(server);
    await page.goto(`/#token=${token}&site=${sites.acme}`);
    await expect(page).toHaveURL(new RegExp(`/s/${sites.acme}/apps$`));

    await page.goto(`/s/${sites.demo}/settings/consent?lang=de`);
    await expect(
      page.getByRole('heading', { level: 1, name: `This link is for the site “${sites.demo}”` }),
    ).toBeVisible();
    await expect(page.getByText('ask an admin of that site for a token')).toBeVisible();
    await expect(page.getByText(/There is no/)).toHaveCount(0);
    // Still on acme: nothing switched.
    await expect(siteButton(page, 'Acme Corporation')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in with another token' })).toHaveAttribute(
      'href',
      `/sign-in?redirect=${encodeURIComponent(`/s/${sites.demo}/settings/consent?lang=de`)}`,
    );

    await page.getByRole('link', { name: 'Open this page on Acme Corporation' }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${sites.acme}/settings/consent\\?lang=de$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Consent' })).toBeVisible();
  });

  test('an old address without a site opens on the current site and gets it in place', async ({
    page,
    signIn,
    sites,
  }) => {
    await signIn(page, 'demo');
    await expectAppsOf(page, sites, 'demo');
    await page.goto('/apps/storefront/logs?level=error');
    await expect(page).toHaveURL(
      new RegExp(`/s/${sites.demo}/apps/storefront/logs\\?level=error$`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    // Replaced, not pushed: Back leaves for the page before, not the site-less address.
    await page.goBack();
    await expectAppsOf(page, sites, 'demo');
  });

  test('signing in from a link of a site returns to that site', async ({ page, server, sites }) => {
    await page.goto(`/s/${sites.acme}/notifications`);
    await expect(page).toHaveURL(
      new RegExp(`/sign-in\\?redirect=%2Fs%2F${sites.acme}%2Fnotifications`),
    );
    // The site the link is for is the one offered.
    await expect(page.getByLabel('Site')).toHaveValue(sites.acme);
    await page.getByLabel('Access token').fill(await server.token('demo'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(new RegExp(`/s/${sites.acme}/notifications$`));
    await expect(siteButton(page, 'Acme Corporation')).toBeVisible();
  });
});

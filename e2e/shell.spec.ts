// The dashboard shell against the real service (temp SQLite with the demo seed) in real Chromium:
// signing in by form and by link, the three sign-in failures, site switching, sign-out, a 401
// mid-session, deep links and the 404 page.
import type { Page } from '@playwright/test';
import { expect, test, type TestServer } from './fixtures';

const CONNECTION_KEY = 'site-console.connection';

/** A token of a user who is a member of `acme` only (the default user is in every demo site). */
function acmeOnlyToken(server: TestServer): Promise<string> {
  return server.token('acme', { email: 'other@example.com' });
}

const storedConnection = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), CONNECTION_KEY);

async function expectAppsOf(page: Page, site: 'demo' | 'acme') {
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  const [shown, hidden] =
    site === 'demo' ? ['Storefront', 'Acme Shop'] : ['Acme Shop', 'Storefront'];
  await expect(
    page.getByText(shown, { exact: true }).filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(page.getByText(hidden, { exact: true }).filter({ visible: true })).toHaveCount(0);
}

// The worker's shared service (decision 058): the tests are about the site ids themselves (typed in
// the sign-in form, shown in the site list as "Acme Corporation (<id>)", quoted in messages and in
// `/s/<site>/` addresses), and they read them from `sites` (this test's `demo-w0t3`, `acme-w0t3`)
// rather than the demo's literal `demo` and `acme`: what they check is that the id shown is the
// site's, whichever it is. The test's users are its own, so the form lists exactly its two sites.

test.describe('shell', () => {
  // The fixture's admin is a member of both of the test's sites, as the demo's admin is of `demo`
  // and `acme`: the sign-in form lists both, the switcher offers both, whichever the test signs in
  // to. A token for a site makes the membership.
  test.beforeEach(async ({ server }) => {
    await server.token('demo');
    await server.token('acme');
  });

  test('signs in by form: the sites are listed once the token works', async ({
    page,
    server,
    sites,
  }) => {
    await page.goto('/apps');
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByLabel('API URL')).toHaveValue(`${server.baseURL}/api`);
    const token = page.getByLabel('Access token');
    await expect(token).toHaveAttribute('type', 'password');

    await token.fill(await server.token('demo'));
    await token.blur();
    const site = page.getByRole('combobox', { name: 'Site' });
    await expect(
      site.getByRole('option', { name: `Acme Corporation (${sites.acme})` }),
    ).toBeAttached();
    await site.selectOption(sites.demo);
    expect(await storedConnection(page)).toBeNull();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expectAppsOf(page, 'demo');
    // The keyboard lands on the next thing to do, not on <body> (issue 30).
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeFocused();
    expect(JSON.parse((await storedConnection(page)) ?? '{}')).toMatchObject({ site: sites.demo });

    // Kept per browser: a reload stays signed in.
    await page.reload();
    await expectAppsOf(page, 'demo');
  });

  test('a site typed before the token keeps its choice once the sites are listed', async ({
    page,
    server,
    sites,
  }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Site').fill('Acme Corporation');
    await page.getByLabel('Access token').fill(await server.token('demo'));
    await page.getByLabel('Access token').blur();
    await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(sites.acme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectAppsOf(page, 'acme');
  });

  test('signs in by link and keeps the token out of the address bar and the history', async ({
    page,
    server,
    sites,
  }) => {
    const token = await server.token('demo');
    // The entries before the app's first one (the new tab's about:blank) are not the app's: going
    // back into them leaves the app's document, and Playwright's next call can find no page
    // attached (the flake CI once saw).
    const before = await page.evaluate(() => window.history.length);
    await page.goto('/');
    // The app sends a signed-out '/' on to the sign-in page: the link is opened once it is there,
    // not while that navigation of the app's own may still run. (Red once in a quiet CI with an
    // empty sign-in form; not reproduced in 40 repeats under load, so this overlap is the suspect,
    // not a proven cause.)
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto(`/#token=${token}&site=${sites.demo}`);
    await expect(page).toHaveURL(/\/apps$/);
    await expectAppsOf(page, 'demo');
    expect(page.url()).not.toContain(token);

    // Walk back through every history entry the app has, down to its first: none holds the token.
    const entries = await page.evaluate(() => window.history.length);
    expect(entries - before).toBeGreaterThan(1);
    const seen: string[] = [];
    for (let step = entries - 1; step > before; step -= 1) {
      // 'load': a back navigation into another document is whole before the next one starts.
      await page.goBack({ waitUntil: 'load' });
      seen.push(page.url());
    }
    expect(seen).not.toHaveLength(0);
    for (const url of seen) expect(url.startsWith(server.baseURL)).toBe(true);
    for (const url of seen) expect(url).not.toContain('token');
  });

  test('a wrong token gets its own message and nothing is stored', async ({ page, sites }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Access token').fill('scs_wrongwrongwrongwrongwrongwrongwrongwrong');
    await page.getByLabel('Site').fill(sites.demo);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('This token was not accepted')).toBeVisible();
    await expect(page.getByLabel('Access token')).toBeFocused();
    await expect(page).toHaveURL(/\/sign-in/);
    expect(await storedConnection(page)).toBeNull();
  });

  test.describe(() => {
    // The test points the form at a port the browser refuses: that failed request is the point.
    test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_UNSAFE_PORT/] });

    test('an unreachable server gets its own message', async ({ page, server, sites }) => {
      await page.goto('/sign-in');
      await page.getByLabel('API URL').fill('http://127.0.0.1:9/api');
      await page.getByLabel('Access token').fill(await server.token('demo'));
      await page.getByLabel('Site').fill(sites.demo);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(
        page.getByText('Could not reach a server at http://127.0.0.1:9/api'),
      ).toBeVisible();
      expect(await storedConnection(page)).toBeNull();
    });
  });

  test('a site the token has no access to gets its own message', async ({
    page,
    server,
    sites,
  }) => {
    const token = await acmeOnlyToken(server);
    await page.goto(`/#token=${token}&site=${sites.demo}`);
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(
      page.getByText(`This token has no access to the site “${sites.demo}”`),
    ).toBeVisible();
    expect(await storedConnection(page)).toBeNull();

    // The token itself works, so its one site is offered.
    await page.getByLabel('Access token').fill(token);
    await page.getByLabel('Access token').blur();
    await expect(page.getByRole('combobox', { name: 'Site' })).toHaveValue(sites.acme);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectAppsOf(page, 'acme');
  });

  test('switching site shows the other site’s data', async ({ page, signIn, sites }) => {
    await signIn(page, 'demo');
    await expectAppsOf(page, 'demo');
    await page.getByRole('button', { name: /Switch site/ }).click();
    await page.getByRole('menuitemradio', { name: /Acme Corporation/ }).click();
    // The site's name, as the switcher shows it, not its id.
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText(
      'Switched to Acme Corporation',
    );
    await expectAppsOf(page, 'acme');
    await expect(page.getByRole('button', { name: /Site: Acme Corporation/ })).toBeVisible();
    expect(JSON.parse((await storedConnection(page)) ?? '{}')).toMatchObject({ site: sites.acme });
    // The account button stands for the person signed in, not for the site (no "A" for Acme).
    await expect(page.getByRole('button', { name: 'Account and connection' })).toHaveText('');

    // From an app page the switch lands on the section root, not on an app of the old site.
    await page.goto('/notifications');
    await page.getByRole('button', { name: /Switch site/ }).click();
    await page.getByRole('menuitemradio', { name: /Demo Store/ }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('button', { name: /Site: Demo Store/ })).toBeVisible();
  });

  test('switching site with unsaved changes asks first', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps/storefront');
    await expect(page.getByRole('heading', { level: 1, name: 'Storefront' })).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('Storefront EU');

    const switchTo = async (name: RegExp) => {
      await page.getByRole('button', { name: /Switch site/ }).click();
      await page.getByRole('menuitemradio', { name }).click();
    };
    await switchTo(/Acme Corporation/);
    const dialog = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Storefront EU');
    await expect(page.getByRole('button', { name: /Site: Demo Store/ })).toBeVisible();

    await switchTo(/Acme Corporation/);
    await dialog.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expectAppsOf(page, 'acme');
  });

  test('signing out forgets the connection', async ({ page, signIn }) => {
    await signIn(page);
    await expectAppsOf(page, 'demo');
    await page.getByRole('button', { name: 'Account and connection' }).click();
    // The menu's first item has the focus, and it is not the one that signs out.
    await expect(page.getByRole('menuitem', { name: 'Personal access tokens' })).toBeFocused();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByText('You are signed out.')).toBeVisible();
    expect(await storedConnection(page)).toBeNull();
    await page.goto('/apps');
    await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  });

  test('a deep link returns to its page after sign-in', async ({ page, server, sites }) => {
    await page.goto('/apps/storefront/logs');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fapps%2Fstorefront%2Flogs/);
    // Typed site, submitted with Enter from the token field.
    await page.getByLabel('Site').fill(sites.demo);
    await page.getByLabel('Access token').fill(await server.token('demo'));
    await page.getByLabel('Access token').press('Enter');
    await expect(page).toHaveURL(/\/apps\/storefront\/logs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
  });

  test('a 401 mid-session returns to sign-in with the message and the page', async ({
    page,
    signIn,
    server,
    sites,
  }) => {
    await signIn(page);
    // The server stops accepting the stored token (as after a revocation).
    await page.evaluate((key) => {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { token?: string };
      window.localStorage.setItem(key, JSON.stringify({ ...stored, token: 'scs_revoked' }));
    }, CONNECTION_KEY);
    await page.goto('/settings/consent');
    await expect(page).toHaveURL(
      new RegExp(`/sign-in\\?redirect=%2Fs%2F${sites.demo}%2Fsettings%2Fconsent`),
    );
    await expect(page.getByText('Your session ended')).toBeVisible();
    expect(await storedConnection(page)).toBeNull();

    await page.getByLabel('Access token').fill(await server.token('demo'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/settings\/consent$/);
  });

  test('an unknown address shows the 404 page', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to apps' }).click();
    await expectAppsOf(page, 'demo');
  });
});

// Issue 29 in the browser: forms a role cannot save are read-only; sign-in links that name
// another server ask first.
import type { Page } from '@playwright/test';
import { expect, test, type TestServer } from './fixtures';
import { memberToken, signInWith } from './members';

/** Signs in as a new member of demo with `role`. */
async function signInAs(page: Page, server: TestServer, role: 'viewer' | 'editor') {
  await signInWith(page, server, await memberToken(server, `${role}@example.com`, role));
}

test.describe('read-only by role', () => {
  test('a viewer sees apps, consent and site settings read-only, with why, and no Save', async ({
    page,
    server,
  }) => {
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    await signInAs(page, server, 'viewer');
    for (const [path, needed] of [
      ['/apps/analytics', 'admin'],
      ['/settings/site', 'admin'],
      ['/settings/consent', 'editor'],
    ] as const) {
      await page.goto(path);
      // Each form of the page says why (consent has two: the policy and Consent Mode).
      const why = page.getByRole('note').filter({ hasText: 'You are a viewer on' });
      await expect(why.first()).toContainText(`ask an admin for the ${needed} role`);
      // Every text field and choice of those forms is disabled.
      const forms = page.locator('form').filter({ has: why });
      await expect(forms.locator('input:enabled, textarea:enabled, select:enabled')).toHaveCount(0);
      await expect(forms.first().locator('input').first()).toBeDisabled();
      await expect(page.getByRole('button', { name: /^Save/ })).toBeHidden();
    }
    // The app's chosen scopes are shown, with nothing that looks like it could remove or add one.
    await page.goto('/apps/analytics');
    const scopes = page.getByRole('list', { name: 'Chosen scopes' });
    await expect(scopes.getByRole('listitem').first()).toBeVisible();
    await expect(scopes.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Install scopes' })).toBeHidden();
    expect(writes).toEqual([]);
  });

  test('an editor sees apps read-only but can change the consent settings', async ({
    page,
    server,
  }) => {
    await signInAs(page, server, 'editor');
    // The account menu says who is signed in and with which role.
    await page.getByRole('button', { name: 'Account and connection' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText(server.email('editor@example.com'));
    await expect(menu).toContainText(/Role\s*editor/);
    await page.keyboard.press('Escape');
    await page.goto('/apps/analytics');
    await expect(page.getByRole('note')).toContainText('You are an editor on');
    await expect(page.getByLabel('Name', { exact: true })).toBeDisabled();
    await page.goto('/settings/consent');
    await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeVisible();
    await expect(page.getByRole('note').filter({ hasText: 'You are an' })).toHaveCount(0);
  });
});

test.describe('sign-in links', () => {
  test('a crafted link to another API asks before switching, showing both addresses', async ({
    page,
    signIn,
    server,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto(`/#token=x&site=${server.sites.demo}&api=https://elsewhere.example/api`);
    const question = page.getByRole('region', { name: 'Switch to another server?' });
    await expect(question).toBeVisible();
    await expect(question).toContainText(server.apiURL);
    await expect(question).toContainText('https://elsewhere.example/api');
    await expect(page).not.toHaveURL(/token=/);

    // Staying keeps the connection: back in the dashboard, on this server.
    await question.getByRole('button', { name: 'Stay on this server' }).click();
    await expect(page).not.toHaveURL(/\/sign-in/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const stored = await page.evaluate(() =>
      window.localStorage.getItem('site-console.connection'),
    );
    expect(stored).toContain(server.apiURL);
  });

  test('after a 401 the form does not offer an API URL that came from a link', async ({
    page,
    server,
  }) => {
    const token = await server.token('demo');
    // A link naming this same server's API by another spelling signs in without a question…
    const spelled = server.apiURL.replace('127.0.0.1', '127.0.0.1') + '/';
    await page.goto(
      `/#token=${token}&site=${server.sites.demo}&api=${encodeURIComponent(spelled)}`,
    );
    await expect(page).not.toHaveURL(/\/sign-in/);
    // …and a link to another one, accepted, is remembered as from a link: when that server
    // ends the session, the form offers this dashboard's own API, not the link's.
    await page.evaluate(() => {
      const last = JSON.parse(window.localStorage.getItem('site-console.last') ?? '{}') as object;
      window.localStorage.setItem(
        'site-console.last',
        JSON.stringify({ ...last, baseUrl: 'https://elsewhere.example/api', fromLink: true }),
      );
      window.localStorage.removeItem('site-console.connection');
    });
    await page.goto('/sign-in?reason=expired');
    await expect(page.getByLabel('API URL')).toHaveValue(`${server.baseURL}/api`);
  });
});

// Issue 29 in the browser: sign-in links that name another server ask first.
import { expect, test } from './fixtures';

test.describe('sign-in links', () => {
  test('a crafted link to another API asks before switching, showing both addresses', async ({
    page,
    signIn,
    server,
  }) => {
    await signIn(page);
    await page.goto('/#token=x&site=demo&api=https://elsewhere.example/api');
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
    await page.goto(`/#token=${token}&site=demo&api=${encodeURIComponent(spelled)}`);
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

// The dashboard against a server of the spec that is not ours (e2e/foreign-server.ts): sparse
// objects, no `GET /sites`, upper-case levels, `data` as text, log entries sharing a time, no
// ETags. Signed in by the form, every page shows its data, and edits send only what changed.
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import {
  FOREIGN_SITE,
  FOREIGN_TOKEN,
  startForeignServer,
  type ForeignServer,
} from './foreign-server';

const test = base.extend<{ foreign: ForeignServer }>({
  foreign: async ({}, use) => {
    const foreign = await startForeignServer();
    await use(foreign);
    await foreign.close();
  },
});

async function signInByForm(page: Page, foreign: ForeignServer) {
  await page.goto('/sign-in');
  await page.getByLabel('API URL').fill(foreign.apiURL);
  await page.getByLabel('Access token').fill(FOREIGN_TOKEN);
  await page.getByLabel('Access token').blur();
  // No `GET /sites` on this server: the site is typed.
  await page.getByLabel('Site').fill(FOREIGN_SITE);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
}

test.describe('against another server of the spec', () => {
  test('every page shows what a sparse server sends', async ({ page, foreign }) => {
    await signInByForm(page, foreign);

    await page.getByRole('link', { name: 'Apps' }).click();
    const apps = page.getByRole('table', { name: 'Apps' });
    await expect(apps.getByRole('link', { name: 'Legacy shop' })).toBeVisible();
    // A numeric key is an app too, and a missing name shows the key.
    await expect(apps.getByRole('link', { name: 'Numbered app' })).toBeVisible();
    await expect(apps.getByRole('row', { name: /Legacy shop/ })).toContainText('not set');

    await apps.getByRole('link', { name: 'Legacy shop' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Legacy shop' })).toBeVisible();
    await expect(page.getByLabel('Domain')).toHaveValue('');
    await expect(page.getByRole('listitem').filter({ hasText: 'x_beta_reports' })).toBeVisible();
    const jobs = page.getByRole('region', { name: /Jobs/ });
    await expect(jobs.getByRole('row', { name: /nightly-sync/ })).toContainText('unknown');

    await page.getByRole('link', { name: 'View logs' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
    const lines = page.getByRole('list', { name: 'Log lines' }).getByRole('listitem');
    // All five, the three at one time included, once each.
    await expect(lines).toHaveCount(5);
    await expect(lines.filter({ hasText: 'Stock low for SKU 7' })).toContainText(/warn/i);
    await expect(lines.filter({ hasText: 'Payment declined' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'Retry failed' })).toHaveCount(1);

    await page.getByRole('link', { name: 'Consent' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Consent' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Matomo' }).first()).toBeVisible();
    await expect(page.getByText('_pk_id').first()).toBeVisible();
    // No `/settings/site` (a plain 404): the server knows no languages, so there is no Site entry.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Site', exact: true })).toHaveCount(0);
    // No `/alerts` (a plain 404): no Alerts entry (issue 41), and no "Alert on this view" above.
    await expect(nav.getByRole('link', { name: 'Alerts' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Notifications' }).click();
    const list = page.getByRole('table', { name: 'Notifications' });
    await expect(list.getByRole('link', { name: 'Order paid' })).toBeVisible();
    // No slug: the notification is named (and opened) by its id.
    await expect(list.getByRole('row', { name: /Welcome/ })).toContainText('42');
    // No `/checks` (a plain 404): once the editor has asked, there is no Checks panel (issue 39).
    const checksAsked = page.waitForResponse((response) =>
      /\/notifications\/[^/]+\/checks(\?|$)/.test(new URL(response.url()).pathname),
    );
    await list.getByRole('link', { name: 'Welcome' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
    await expect(page.getByLabel('Subject')).toHaveValue('Welcome aboard', { timeout: 30_000 });
    expect((await checksAsked).status()).toBe(404);
    await expect(page.getByRole('region', { name: 'Checks' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Checks' })).toHaveCount(0);
  });

  test('a server with site settings but no alerts shows no Alerts entry', async ({ page }) => {
    const foreign = await startForeignServer({ siteSettings: true });
    try {
      // The entry's own probe: `GET /alerts` answers a plain 404 here.
      const probed = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/v1/alerts',
      );
      await signInByForm(page, foreign);
      const nav = page.getByRole('navigation', { name: 'Main' });
      // Site settings are there (the entries that wait for them show)…
      await expect(nav.getByRole('link', { name: 'Site', exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Activity' })).toBeVisible();
      // …but the probe said no alerts: no entry.
      expect((await probed).status()).toBe(404);
      await expect(nav.getByRole('link', { name: 'Alerts' })).toHaveCount(0);
    } finally {
      await foreign.close();
    }
  });

  test('pages of resources the server does not have say so instead of failing', async ({
    page,
    foreign,
  }) => {
    await signInByForm(page, foreign);
    for (const [path, heading, absent] of [
      ['/settings/site', 'Site', 'This server has no site settings'],
      ['/settings/members', 'Members', 'This server has no members'],
      ['/account/tokens', 'Personal access tokens', 'This server has no token management'],
      ['/alerts', 'Alerts', 'This server has no alerts'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(absent)).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    }
  });

  test('the log viewer follows a server that ignores wait, polling at the interval', async ({
    page,
    foreign,
  }) => {
    const logReads: string[] = [];
    page.on('request', (request) => {
      if (/\/apps\/[^/]+\/logs\?/.test(request.url())) logReads.push(request.url());
    });
    await signInByForm(page, foreign);
    await page.goto('/apps/legacy-shop/logs');
    const lines = page.getByRole('list', { name: 'Log lines' }).getByRole('listitem');
    await expect(lines).toHaveCount(5);
    // It answers `wait` at once with nothing new: after a few tries the viewer stops asking.
    await expect.poll(() => logReads.at(-1) ?? '', { timeout: 15_000 }).toMatch(/since=/);
    await expect
      .poll(() => logReads.filter((url) => url.includes('wait=')).length, { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => logReads.at(-1)?.includes('wait=') ?? true, { timeout: 15_000 })
      .toBe(false);
    foreign.addLog({ id: 6, level: 'INFO', data: 'Order 1002 paid', time: 1_763_600_010 });
    await expect(lines.filter({ hasText: 'Order 1002 paid' })).toHaveCount(1);
    await expect(lines).toHaveCount(6);
  });

  test('edits send only the changed fields', async ({ page, foreign }) => {
    await signInByForm(page, foreign);

    await page.goto('/apps/legacy-shop');
    await page.getByLabel('Name').fill('Legacy shop EU');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Legacy shop EU' })).toBeVisible();
    // The unknown scope survived the save.
    await expect(page.getByRole('listitem').filter({ hasText: 'x_beta_reports' })).toBeVisible();

    await page.goto('/notifications/order-paid');
    await expect(page.getByLabel('Subject')).toHaveValue('Thanks for your order', {
      timeout: 30_000,
    });
    await page.getByLabel('Subject').fill('Thanks for order {{ order.number }}');
    await page.keyboard.press('ControlOrMeta+s');
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await review.getByRole('button', { name: 'Save changes' }).click();
    await expect(review).toBeHidden();
    await expect(page.getByText('Saved', { exact: true })).toBeVisible();

    expect(foreign.received).toEqual([
      { method: 'PATCH', path: '/apps/legacy-shop', body: { name: 'Legacy shop EU' } },
      {
        method: 'PUT',
        path: '/notifications/order-paid',
        body: { subject: 'Thanks for order {{ order.number }}' },
      },
    ]);
  });
});

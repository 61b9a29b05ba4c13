// Issue 40: the records page (/consent/records). Records arrive through the public endpoint as a
// banner sends them; the page charts them, filters them (the filters in the URL), shows a
// record with the banner its visitor saw, exports them, and erases a visitor's records after
// asking (in the audit feed). Also: a server error on its field, and axe in both themes.
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { expect, test, type ApiFetch } from './fixtures';

const SHOP = 'https://shop.example.com';

/** Lists the shop's origin and records `choices` for each visitor as the exported banner does. */
async function record(
  api: ApiFetch,
  visitors: Array<{ id: string; choices: Record<string, boolean>; locale: string }>,
): Promise<void> {
  const listed = await api('/settings/consent/public-key', {
    method: 'PATCH',
    body: JSON.stringify({ origins: [SHOP] }),
  });
  expect(listed.status).toBe(200);
  const { endpoint } = (await listed.json()) as { endpoint: string };
  const version = ((await api('/settings/consent')).headers.get('etag') ?? '').replace(/"/g, '');
  for (const visitor of visitors) {
    const answer = await fetch(endpoint, {
      method: 'POST',
      headers: { origin: SHOP, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({
        consent_id: visitor.id,
        choices: visitor.choices,
        config_version: version,
        locale: visitor.locale,
        page: `${SHOP}/checkout`,
      }),
    });
    expect(answer.status).toBe(201);
  }
}

const VISITORS = [
  {
    id: 'visitor-accepts-all',
    choices: { 'google-analytics': true, hotjar: true },
    locale: 'en',
  },
  {
    id: 'visitor-declines-all',
    choices: { 'google-analytics': false, hotjar: false },
    locale: 'nl',
  },
  {
    id: 'visitor-accepts-some',
    choices: { 'google-analytics': true, hotjar: false },
    locale: 'en',
  },
];

async function openRecords(page: Page, search = '') {
  await page.goto(`/consent/records${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consent records' })).toBeVisible();
}

const rows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasNot: page.getByRole('columnheader') });

test.describe('consent records page', () => {
  // Klaro in a frame and axe over the page: Playwright's slow budget; every wait is on a condition.
  test.slow();

  test('charts, filters in the URL, shows what the visitor saw, exports and erases', async ({
    page,
    signIn,
    api,
  }) => {
    await record(api, VISITORS);
    await signIn(page, 'demo', { open: false });
    await openRecords(page);

    const totals = page.getByRole('list', { name: 'Totals' });
    await expect(totals).toContainText('Accepted all1');
    await expect(totals).toContainText('Accepted some1');
    await expect(totals).toContainText('Accepted none1');
    await expect(page.getByRole('img', { name: /^Choices per day/ })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);

    // The locale filter: in the URL, one record left; Back brings the three again.
    await page.getByLabel('Locale').fill('nl');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]locale=nl/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('visitor-declines-all');
    await expect(totals).toContainText('Accepted none1');
    await expect(totals).toContainText('Accepted all0');
    await page.goBack();
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByLabel('Locale')).toHaveValue('');

    // A consent id that cannot be one is said on its field, and not asked for.
    await page.getByLabel('Consent ID').fill('x y');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Must be 8 to 64 letters, digits, - or _')).toBeVisible();
    await expect(page).not.toHaveURL(/consent_id=/);

    // The detail, opened from the list, is in the URL (a link to it opens it again).
    await page.getByRole('button', { name: /of visitor-accepts-some$/ }).click();
    const detail = page.getByRole('dialog', { name: /^Consent record \d+$/ });
    await expect(detail).toBeVisible();
    await expect(page).toHaveURL(/[?&]record=\d+/);
    await expect(detail.getByText('Accepted some', { exact: true })).toBeVisible();
    await expect(detail.getByText(`${SHOP}/checkout`)).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'What this visitor saw' })).toBeVisible();
    const frame = detail.frameLocator('iframe[title^="Consent banner preview, en"]');
    await expect(frame.getByRole('button', { name: /decline/i }).first()).toBeVisible();
    await expect(
      detail.getByRole('heading', { name: 'Google Consent Mode state after this choice' }),
    ).toBeVisible();
    const linked = page.url();
    await page.reload();
    await expect(page.getByRole('dialog', { name: /^Consent record \d+$/ })).toBeVisible();
    expect(page.url()).toBe(linked);
    const results = await seriousInBothThemes(page, (current) =>
      new AxeBuilder({ page: current }).exclude('iframe[title^="Consent banner preview"]'),
    );
    expect(results, 'the detail').toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).not.toHaveURL(/record=/);

    // The export: every record of the filters, one row each.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toMatch(/^id,consent_id,created_at,outcome,choices/);
    expect(lines).toHaveLength(4);

    // Erasing asks first, then removes every record of the id; the audit feed has it.
    await page.getByLabel('Consent ID').fill('visitor-accepts-all');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Erase this visitor’s records' }).click();
    const ask = page.getByRole('alertdialog', { name: "Erase this visitor's records?" });
    await expect(ask).toContainText('visitor-accepts-all');
    await ask.getByRole('button', { name: 'Erase records' }).click();
    await expect(page.getByText('Erased 1 record of visitor-accepts-all')).toBeVisible();
    await expect(page.getByText('No records match', { exact: true })).toBeVisible();
    const audit = (await (await api('/audit?resource=consent_records')).json()) as Array<{
      changes: Array<{ field: string }>;
    }>;
    expect(audit.length).toBeGreaterThan(0);
  });

  test('the recording settings put the service’s errors on their field; axe in both themes', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openRecords(page);
    await expect(page.getByText('No records yet', { exact: true })).toBeVisible();
    const origins = page.getByLabel('Origins');
    await origins.fill('https://shop.example.com\nshop.example.com/path');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/settings/consent/public-key') && r.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(422);
    await expect(page.getByText(/^Line 2: Must be an origin/)).toBeVisible();
    // The typed list survives the error.
    await expect(origins).toHaveValue('https://shop.example.com\nshop.example.com/path');
    expect(await seriousInBothThemes(page), 'the empty page with an error').toEqual([]);

    await origins.fill('https://shop.example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Recording settings saved')).toBeVisible();
    await expect(page.getByText(/^Line 2/)).toBeHidden();
  });
});

// Issue 40: the exported Klaro config records from a page on another loopback origin (a static
// server of this test), with the real Klaro, and both choices land in the service and in the
// dashboard's records, with the banner each visitor saw.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { openConsent } from './pages';

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title>
<script src="/klaro-config.js"></script>
<script defer src="/klaro.js"></script></head>
<body><h1>Shop</h1></body></html>`;

/** Serves the shop's page, its exported config and Klaro itself. */
async function shop(files: Record<string, { type: string; body: string }>): Promise<Server> {
  const server = createServer((request, response) => {
    const file = files[request.url ?? ''];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file.type }).end(file.body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return server;
}

test('a banner on another origin records Accept and Decline with its config version', async ({
  page,
  browser,
  signIn,
  api,
}) => {
  await signIn(page, 'demo', { open: false });
  // The export records once the page knows the site's endpoint.
  const endpoint = page.waitForResponse((r) => r.url().includes('/settings/consent/public-key'));
  await openConsent(page);
  expect((await endpoint).status()).toBe(200);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Klaro config' }).click();
  const script = await readFile(await (await download).path(), 'utf8');
  expect(script).toContain('sendBeacon');

  const klaro = await readFile(join('node_modules', 'klaro', 'dist', 'klaro.js'), 'utf8');
  const server = await shop({
    '/': { type: 'text/html', body: PAGE },
    '/klaro-config.js': { type: 'text/javascript', body: script },
    '/klaro.js': { type: 'text/javascript', body: klaro },
  });
  const origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  try {
    const listed = await api('/settings/consent/public-key', {
      method: 'PATCH',
      body: JSON.stringify({ origins: [origin] }),
    });
    expect(listed.status).toBe(200);
    const etag = ((await api('/settings/consent')).headers.get('etag') ?? '').replace(/"/g, '');

    for (const choice of ['accept', 'decline'] as const) {
      // Each visitor in a browser of their own (their own Klaro cookie and consent id).
      const visitor = await browser.newContext();
      const shopPage = await visitor.newPage();
      await shopPage.goto(`${origin}/`);
      const answer = shopPage.waitForResponse((r) => r.url().includes('/consent-records'));
      await shopPage
        .getByRole('button', { name: choice === 'accept' ? /accept all|that's ok/i : /decline/i })
        .first()
        .click();
      expect((await answer).status()).toBe(201);
      await visitor.close();
    }

    const records = (await (await api('/consent-records')).json()) as Array<{
      outcome: string;
      config_version: string;
      consent_id: string;
      page: string;
    }>;
    expect(records.map((record) => record.outcome).sort()).toEqual(['all', 'none']);
    for (const record of records) {
      expect(record.config_version).toBe(etag);
      expect(record.page).toBe(`${origin}/`);
    }
    expect(new Set(records.map((record) => record.consent_id)).size).toBe(2);

    // And in the dashboard: both records, each with the banner its visitor saw.
    await page.goto('/consent/records');
    await expect(page.getByRole('heading', { level: 1, name: 'Consent records' })).toBeVisible();
    const recordRows = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasNot: page.getByRole('columnheader') });
    await expect(recordRows).toHaveCount(2);
    const declined = records.find((record) => record.outcome === 'none');
    await page
      .getByRole('button', { name: new RegExp(`of ${declined?.consent_id ?? '-'}$`) })
      .click();
    const detail = page.getByRole('dialog', { name: /^Consent record \d+$/ });
    await expect(detail.getByText('Accepted none', { exact: true })).toBeVisible();
    await expect(detail.getByText(`${origin}/`)).toBeVisible();
    await expect(detail.getByRole('heading', { name: 'What this visitor saw' })).toBeVisible();
    const seen = detail.frameLocator('iframe[title^="Consent banner preview, en"]');
    await expect(seen.getByRole('button', { name: /decline/i }).first()).toBeVisible();
  } finally {
    server.close();
  }
});

// The live log viewer against the real service (temp SQLite, demo seed, demo log generator off)
// in real Chromium. The list is virtualized, so "exactly once, in order" is checked on the
// viewer's NDJSON export of its whole buffer, and small views on their rendered rows.
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { ingestLogs, type IngestEntry, type StoredEntry } from './log-entries';
import { openLogs } from './pages';

const APP = 'analytics';
/** The viewer's reads of the log listing (any query). */
const LOG_READS = /\/api\/apps\/[^/]+\/logs(\?|$)/;

const ingest = (api: ApiFetch, logs: IngestEntry[]) => ingestLogs(api, APP, logs);

function jobEntries(job: string, count: number, level = 'info'): IngestEntry[] {
  return Array.from({ length: count }, (_, n) => ({
    level,
    data: { message: `line ${n} of ${job}`, n },
    context: { job: { name: job } },
  }));
}

const statusOf = (page: Page) => page.locator('[data-tail-status]');
const countOf = (page: Page) => page.getByTestId('log-entry-count');
const rowsOf = (page: Page) =>
  page.getByRole('list', { name: 'Log lines' }).locator('[data-log-id]');

async function renderedIds(page: Page): Promise<string[]> {
  return rowsOf(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-log-id') ?? ''),
  );
}

/** The ids of the whole buffer, as the viewer exports it. */
async function exportedIds(page: Page): Promise<string[]> {
  // With nothing in view, export is disabled: the buffer is empty.
  if ((await countOf(page).getAttribute('data-count')) === '0') return [];
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export NDJSON' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => (JSON.parse(line) as { id: string }).id);
}

const openLive = (page: Page, search = '') => openLogs(page, APP, search);

async function expectCount(page: Page, count: number): Promise<void> {
  await expect(countOf(page)).toHaveAttribute('data-count', String(count), { timeout: 15_000 });
}

function uniqueJob(name: string): string {
  return `e2e-${name}-${Math.random().toString(36).slice(2, 8)}`;
}

async function distanceFromBottom(list: Locator): Promise<number> {
  return list.evaluate(
    (element) => element.scrollHeight - element.scrollTop - element.clientHeight,
  );
}

test.describe('log viewer', () => {
  test('entries ingested while the viewer is open appear exactly once, in order', async ({
    page,
    signIn,
    api,
  }) => {
    const earlier = await ingest(api, jobEntries('earlier', 30));
    await signIn(page, 'demo', { open: false });
    await openLive(page);
    const before = await exportedIds(page);
    expect(before.slice(-30)).toEqual(earlier.map((entry) => entry.id));

    // Pairs of batches: the two of a pair may land in one poll; the view catches up between.
    const stored: StoredEntry[] = [];
    for (const sizes of [
      [25, 65],
      [105, 145],
    ]) {
      for (const size of sizes) stored.push(...(await ingest(api, jobEntries(`n${size}`, size))));
      await expectCount(page, before.length + stored.length);
    }
    await expectCount(page, before.length + stored.length);
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
    expect(await exportedIds(page)).toEqual([...before, ...stored.map((entry) => entry.id)]);
  });

  // How soon it arrives is bench:tail's figure (delivery p95), not a timed assertion here.
  test('a line posted while the viewer follows arrives as the answer to the held request, not a later poll', async ({
    page,
    signIn,
    api,
  }) => {
    const job = uniqueJob('held');
    await signIn(page, 'demo', { open: false });
    // The viewer's first follow request, which the service holds (`wait`) while there is nothing
    // new. Awaited from before the page opens: the next one is sent only when this one's hold ends.
    const following = page.waitForRequest(
      (request) => LOG_READS.test(request.url()) && request.url().includes('wait='),
    );
    await openLive(page, `?job=${job}`);
    const held = await following;
    const [stored] = await ingest(api, jobEntries(job, 1));
    await expect(page.locator(`[data-log-id="${stored?.id}"]`)).toBeVisible();
    const answer = await held.response();
    expect(await answer?.text()).toContain(stored?.id);
  });

  test('a burst of 1,000 entries between two polls all arrive', async ({ page, signIn, api }) => {
    const job = uniqueJob('burst');
    await signIn(page, 'demo', { open: false });
    await openLive(page, `?job=${job}`);
    await expectCount(page, 0);

    const stored = await ingest(api, jobEntries(job, 1000));
    await expectCount(page, 1000);
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
    expect(await exportedIds(page)).toEqual(stored.map((entry) => entry.id));
    // Following: the newest line is on screen.
    await expect(page.locator(`[data-log-id="${stored.at(-1)?.id}"]`)).toBeInViewport();
  });

  test('level, job and q filters show exactly the right entries', async ({ page, signIn, api }) => {
    const job = uniqueJob('filters');
    const other = uniqueJob('other');
    const context = { job: { name: job } };
    const stored = await ingest(api, [
      { level: 'info', data: { message: 'payment started' }, context },
      { level: 'error', data: { message: 'payment failed: card declined' }, context },
      { level: 'warn', data: 'disk almost full', context },
      { level: 'error', data: { message: 'mail bounced' }, context },
      { level: 'fatal', data: { message: 'payment service crashed' }, context },
      { level: 'debug', data: { message: 'payment noise' }, context },
      {
        level: 'error',
        data: { message: 'payment failed elsewhere' },
        context: { job: { name: other } },
      },
    ]);
    const idsOf = (...indexes: number[]) => indexes.map((index) => stored[index]?.id);

    await signIn(page, 'demo', { open: false });
    await openLive(page);

    // Job: free text in the job field.
    await page.getByLabel('Job', { exact: true }).fill(job);
    await page.getByLabel('Job', { exact: true }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`job=${job}`));
    await expectCount(page, 6);
    await expect.poll(() => renderedIds(page)).toEqual(idsOf(0, 1, 2, 3, 4, 5));

    // Level is a minimum: error shows error and fatal.
    await page.getByLabel('Level').selectOption('error');
    await expect(page).toHaveURL(/level=error/);
    await expectCount(page, 3);
    await expect.poll(() => renderedIds(page)).toEqual(idsOf(1, 3, 4));

    // q with `level:error` inside: that exact level and the word.
    await page.getByLabel('Level').selectOption({ index: 0 });
    await page.getByRole('searchbox', { name: 'Search' }).fill('level:error payment');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).toHaveURL(/q=level%3Aerror/);
    await expectCount(page, 1);
    await expect.poll(() => renderedIds(page)).toEqual(idsOf(1));

    // A quoted phrase, across every job.
    await page.getByLabel('Job', { exact: true }).fill('');
    await page.getByLabel('Job', { exact: true }).press('Enter');
    await page.getByRole('searchbox', { name: 'Search' }).fill('"payment failed"');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expectCount(page, 2);
    await expect.poll(() => renderedIds(page)).toEqual(idsOf(1, 6));
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
    // The shared link carries the phrase quoted once, and opens the same list.
    expect(new URL(page.url()).search).toBe('?q=%22payment+failed%22');
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('"payment failed"');
    await expectCount(page, 2);
  });

  test('scrolling up stops following and the pill counts new lines', async ({
    page,
    signIn,
    api,
  }) => {
    const job = uniqueJob('scroll');
    await ingest(api, jobEntries(job, 300));
    await signIn(page, 'demo', { open: false });
    await openLive(page, `?job=${job}`);
    await expectCount(page, 200); // the first page: the newest 200
    const list = page.getByRole('region', { name: 'Log entries' });
    await expect.poll(() => distanceFromBottom(list)).toBeLessThanOrEqual(4);

    await list.hover();
    await page.mouse.wheel(0, -800);
    await expect.poll(() => distanceFromBottom(list)).toBeGreaterThan(400);
    const scrollTop = await list.evaluate((element) => element.scrollTop);

    await ingest(api, [...jobEntries(job, 3), ...jobEntries(job, 2, 'error')]);
    const pill = page.getByRole('button', { name: /5 new lines \(2 errors\)/ });
    await expect(pill).toBeVisible();
    await expectCount(page, 205);
    // No jump: the lines being read stay where they were.
    expect(await list.evaluate((element) => element.scrollTop)).toBe(scrollTop);

    await pill.click();
    await expect(pill).toBeHidden();
    await expect.poll(() => distanceFromBottom(list)).toBeLessThanOrEqual(4);
    const more = await ingest(api, jobEntries(job, 2));
    await expectCount(page, 207);
    await expect(page.locator(`[data-log-id="${more.at(-1)?.id}"]`)).toBeInViewport();
  });

  test('pause holds new lines back while polling goes on; resume leaves no gap', async ({
    page,
    signIn,
    api,
  }) => {
    const job = uniqueJob('pause');
    const first = await ingest(api, jobEntries(job, 20));
    await signIn(page, 'demo', { open: false });
    await openLive(page, `?job=${job}`);
    await expectCount(page, 20);

    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'paused');
    const held = await ingest(api, jobEntries(job, 450));
    // Fetched in the background (the status line counts them) but not shown.
    await expect(statusOf(page)).toHaveText('Paused · 450 new lines waiting', { timeout: 15_000 });
    await expectCount(page, 20);

    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await expectCount(page, 470);
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
    expect(await exportedIds(page)).toEqual([...first, ...held].map((entry) => entry.id));
  });

  test('the copy link opens the viewer at that entry with entries around it', async ({
    page,
    context,
    signIn,
    api,
    baseURL,
  }) => {
    const job = uniqueJob('link');
    const stored = await ingest(api, jobEntries(job, 30));
    await ingest(api, jobEntries(job, 10)); // later entries, after the linked one
    const target = stored[12] as StoredEntry;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

    await signIn(page, 'demo', { open: false });
    await openLive(page, `?job=${job}`);
    const row = page.locator(`[data-log-id="${target.id}"]`);
    // The list is virtualized and as tall as the window leaves it: go to its top, then down a
    // few rows at a time until the linked entry is drawn.
    await page.getByRole('region', { name: 'Log entries' }).hover();
    await page.mouse.wheel(0, -5000);
    await expect(async () => {
      await page.mouse.wheel(0, 60);
      await expect(row).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await row.getByRole('button', { name: /^Details of the info entry/ }).click();
    await page.getByRole('button', { name: 'Copy link to this entry' }).click();
    await expect(page.getByText('Copied a link to this entry')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain(`entry=${target.id}`);

    await page.goto('about:blank');
    await page.goto(link);
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'history');
    await expect(row).toBeInViewport();
    await expect(row.getByRole('button', { name: /^Details of the info entry/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const ids = await renderedIds(page);
    expect(ids).toContain(stored[11]?.id);
    expect(ids).toContain(stored[13]?.id);
  });

  test.describe(() => {
    // These tests stop the service or the network on purpose: the browser reports the refused
    // requests on the console while the viewer reconnects.
    test.use({ allowedConsoleErrors: [/^Failed to load resource: net::ERR_CONNECTION_REFUSED$/] });

    test.describe(() => {
      // A process of its own (decision 058): the test restarts the service.
      test.use({ ownServer: true });

      test('the view survives a restart of the service with nothing lost or doubled', async ({
        page,
        signIn,
        api,
        server,
      }) => {
        const job = uniqueJob('restart');
        await signIn(page, 'demo', { open: false });
        await openLive(page, `?job=${job}`);
        const first = await ingest(api, jobEntries(job, 120));
        await expectCount(page, 120);

        await server.restart();
        const second = await ingest(api, jobEntries(job, 250));
        await expectCount(page, 370);
        await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live', {
          timeout: 35_000,
        });
        expect(await exportedIds(page)).toEqual([...first, ...second].map((entry) => entry.id));
      });
    });

    test('a failing network shows reconnecting and resumes from the cursor', async ({
      page,
      signIn,
      api,
    }) => {
      const job = uniqueJob('offline');
      await signIn(page, 'demo', { open: false });
      await openLive(page, `?job=${job}`);
      const first = await ingest(api, jobEntries(job, 10));
      await expectCount(page, 10);

      // The browser loses the service (the service itself keeps taking entries). A waiting poll
      // already on its way is not cut by the route: one more entry answers it, and the next poll
      // meets the lost network.
      await page.route(LOG_READS, (route) => route.abort('connectionrefused'));
      const wake = await ingest(api, jobEntries(job, 1));
      await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'reconnecting');
      await expect(statusOf(page)).toContainText(/Reconnecting in \d+ s/);
      const during = await ingest(api, jobEntries(job, 450));
      await page.unroute(LOG_READS);

      await expectCount(page, 461);
      await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
      expect(await exportedIds(page)).toEqual(
        [...first, ...wake, ...during].map((entry) => entry.id),
      );
    });
  });
});

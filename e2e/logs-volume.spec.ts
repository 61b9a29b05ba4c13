// The structured log lines, one-click filters and the volume chart, against the real service.
// Entries for the chart are written at chosen times straight into the service's SQLite file
// (ingestion stamps the commit time, and a test cannot wait twenty minutes).
import type { Page } from '@playwright/test';
import type { LogLevel } from '../contract/schemas/app-log';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import { placeLogRows } from '../server/logs/store/app-logs-write';
import { openDatabase } from '../server/database/db';
import { expect, test, type ApiFetch, type TestServer } from './fixtures';
import { holdRequests } from './hold-requests';
import { ingestLogs, type IngestEntry } from './log-entries';

const APP = 'analytics';

async function placeEntries(
  server: TestServer,
  entries: Array<{ level: LogLevel; message: string; atUs: number }>,
) {
  const db = openDatabase(server.dbPath);
  try {
    const app = await db
      .selectFrom('apps')
      .select('id')
      .where('site_id', '=', server.sites.demo)
      .where('key', '=', APP)
      .executeTakeFirstOrThrow();
    await placeLogRows(
      db,
      entries.map(({ level, message, atUs }) =>
        toLogRow(app.id, { level, data: { message } }, atUs),
      ),
    );
  } finally {
    await db.destroy();
  }
}

const ingest = (api: ApiFetch, logs: IngestEntry[]) => ingestLogs(api, APP, logs);

function rowsOf(page: Page) {
  return page.getByRole('list', { name: 'Log lines' }).getByRole('listitem');
}

test.describe('log volume and structured lines', () => {
  test('a burst of errors is a red bar in its minute, and dragging across it narrows the list', async ({
    page,
    signIn,
    server,
  }) => {
    const minuteUs = 60_000_000;
    const thisMinuteUs = Math.floor((Date.now() * 1000) / minuteUs) * minuteUs;
    const burstUs = thisMinuteUs - 20 * minuteUs + 5_000_000;
    await placeEntries(server, [
      ...Array.from({ length: 6 }, (_, n) => ({
        level: 'info' as const,
        message: `early ${n}`,
        atUs: thisMinuteUs - 50 * minuteUs + n,
      })),
      ...Array.from({ length: 20 }, (_, n) => ({
        level: 'error' as const,
        message: `payment failed ${n}`,
        atUs: burstUs + n,
      })),
    ]);
    await signIn(page, 'demo', { open: false });
    // The live chart's window moves on at each minute, shifting every bar one place; the page's
    // clock stands still (its timers still run), so the bar measured below stays where it is.
    await page.clock.setFixedTime(Date.now());
    const volumeResponse = page.waitForResponse((response) =>
      response.url().includes('/logs/volume'),
    );
    await page.goto(`/apps/${APP}/logs`);
    const volume = (await (await volumeResponse).json()) as {
      bucket_seconds: number;
      buckets: Array<{ start: number; counts: Record<string, number> }>;
    };
    const index = volume.buckets.findIndex((bucket) => bucket.counts['error'] === 20);
    const bucket = volume.buckets[index];
    expect(bucket?.start).toBe(Math.floor(burstUs / minuteUs) * 60);

    const chart = page.getByRole('img', { name: /Log volume chart: 26 entries/ });
    await expect(chart).toBeVisible();
    // The list is virtualized: it counts its entries, and shows those that fit.
    const list = page.getByRole('region', { name: 'Log entries' });
    await expect(list).toHaveAttribute('data-entry-count', '26');
    // uPlot draws bars centred on their bucket's start, first to last across the plot area.
    const over = page.locator('.u-over');
    const measured = await over.boundingBox();
    expect(measured).not.toBeNull();
    const box = measured ?? { x: 0, y: 0, width: 0, height: 0 };
    const step = box.width / (volume.buckets.length - 1);
    const x = box.x + index * step;
    await page.mouse.move(x, box.y + box.height - 4);
    await expect(page.locator('figure output')).toContainText('20 error');
    const [red, green, blue] = await page.evaluate(
      ({ x: pageX, y: pageY }) => {
        const canvas = document.querySelector('.uplot canvas');
        if (!(canvas instanceof HTMLCanvasElement)) return [0, 0, 0];
        const rect = canvas.getBoundingClientRect();
        const scale = canvas.width / rect.width;
        const pixel = canvas
          .getContext('2d')
          ?.getImageData((pageX - rect.left) * scale, (pageY - rect.top) * scale, 1, 1).data;
        return [pixel?.[0] ?? 0, pixel?.[1] ?? 0, pixel?.[2] ?? 0];
      },
      { x, y: box.y + box.height - 3 },
    );
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(120);
    expect(blue).toBeLessThan(120);

    // Drag across the bar alone: the range and the list narrow to the burst.
    await page.mouse.move(x - step * 0.45, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(x + step * 0.45, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(page).toHaveURL(/range=custom/);
    await expect(page).toHaveURL(/before=/);
    await expect(list).toHaveAttribute('data-entry-count', '20');
    await expect(rowsOf(page).first()).toContainText('payment failed');
  });

  test('the list does not move when the chart arrives: a click aimed at a line lands on it', async ({
    page,
    signIn,
    api,
  }) => {
    await ingest(api, [{ level: 'info', data: { message: 'first line' }, context: null }]);
    // The chart's counts held until the list is shown (a slow network, a busy server).
    const release = await holdRequests(page, /\/logs\/volume(\?.*)?$/);
    await signIn(page, 'demo', { open: false });
    await page.goto(`/apps/${APP}/logs`);
    const line = rowsOf(page).first();
    await expect(line).toContainText('first line');
    const before = await line.boundingBox();
    release();
    await expect(page.getByTestId('log-volume-chart')).toBeVisible();
    expect((await line.boundingBox())?.y).toBe(before?.y);
  });

  test('lines lead with the message, fields and the job chip filter the list', async ({
    page,
    signIn,
    api,
  }) => {
    await ingest(api, [
      {
        level: 'INFO',
        data: { message: 'slow query', method: 'GET', path: '/search', duration_ms: 514 },
        context: null,
      },
      {
        level: 'warn',
        data: { message: 'cart updated', method: 'POST', path: '/cart' },
        context: { job: { name: 'sync-inventory' } },
      },
      { level: 'error', data: 'Plain text from a worker', context: null },
    ]);
    await signIn(page, 'demo', { open: false });
    await page.goto(`/apps/${APP}/logs`);
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('slow querymethod=GETpath=/searchduration_ms=514');
    await expect(rows.nth(2)).toContainText('Plain text from a worker');

    await rows.nth(0).getByRole('button', { name: 'Search for path /search' }).click();
    await expect(page).toHaveURL(/q=%22%2Fsearch%22|q=.*search/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('slow query');

    await page.goto(`/apps/${APP}/logs`);
    await expect(rows).toHaveCount(3);
    await page.getByRole('button', { name: 'Show only job sync-inventory' }).click();
    await expect(page).toHaveURL(/job=sync-inventory/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('cart updated');
  });
});

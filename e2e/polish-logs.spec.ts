// The log viewer's filter bar, status line, empty/error panel and help (issue 17), against the
// real service on its SQLite file in real Chromium.
import Database from 'better-sqlite3';
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { ingestLogs, type StoredEntry } from './log-entries';

const ingest = (
  api: ApiFetch,
  app: string,
  logs: Array<{ level: string; text: string; job?: string }>,
) =>
  ingestLogs(
    api,
    app,
    logs.map(({ level, text, job }) => ({
      level,
      data: { message: text },
      context: job === undefined ? null : { job: { name: job } },
    })),
  );

const statusOf = (page: Page) => page.locator('[data-tail-status]');
const rowOf = (page: Page, entry: StoredEntry | undefined) =>
  page.locator(`[data-log-id="${entry?.id ?? 'missing'}"]`);

/** The select's chosen option, measured in the select's font, fits inside its padding. */
async function expectChosenOptionFits(select: Locator, width: number) {
  const { text, room } = await select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      text: context.measureText(element.selectedOptions[0]?.text ?? '').width,
      room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(text, `at ${width} px`).toBeLessThanOrEqual(room);
}

async function openViewer(page: Page, app: string, query = '') {
  await page.goto(`/apps/${app}/logs${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
}

test.describe('log viewer polish', () => {
  test.describe(() => {
    // A process of its own (decision 058): the test takes the log table away from the whole
    // service, which would fail every other test sharing it.
    test.use({ ownServer: true });

    test('a failed first load shows the error with Retry in the panel, not "No log entries"', async ({
      page,
      signIn,
      api,
      server,
    }) => {
      const [line] = await ingest(api, 'analytics', [{ level: 'info', text: 'after the outage' }]);
      await signIn(page, 'demo', { open: false });
      await openViewer(page, 'analytics');
      await expect(rowOf(page, line)).toBeVisible();

      // A real failure of the service: its log table is gone, so every read is a 500.
      const db = new Database(server.dbPath);
      try {
        db.pragma('busy_timeout = 5000');
        db.exec('alter table app_logs rename to app_logs_away');
        await page.getByRole('searchbox', { name: 'Search' }).fill('outage');
        await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
        const panel = page.getByRole('alert').filter({ hasText: 'Could not load the log entries' });
        await expect(panel).toBeVisible();
        await expect(panel).toContainText(/internal server error/i);
        await expect(page.getByText('No log entries')).toBeHidden();
        await expect(page.getByText('No entries match these filters')).toBeHidden();

        db.exec('alter table app_logs_away rename to app_logs');
        await panel.getByRole('button', { name: 'Try again' }).click();
        await expect(rowOf(page, line)).toBeVisible();
        await expect(panel).toBeHidden();
      } finally {
        db.close();
      }
    });
  });

  test('a service error about the search shows in the panel', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', '?q=level%3E%3Dloud');
    const panel = page.getByRole('alert').filter({ hasText: 'Could not load the log entries' });
    await expect(panel).toContainText('"level>=" in "q" must name one of');
  });

  test('level:error is exact, level>=error is that level and worse; the help says so', async ({
    page,
    signIn,
    api,
  }) => {
    const job = `e2e-levels-${Math.random().toString(36).slice(2, 8)}`;
    const [warn, error, fatal] = await ingest(api, 'analytics', [
      { level: 'warn', text: 'levels warn', job },
      { level: 'error', text: 'levels error', job },
      { level: 'fatal', text: 'levels fatal', job },
    ]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', `?job=${job}&q=level%3Aerror`);
    await expect(rowOf(page, error)).toBeVisible();
    await expect(rowOf(page, fatal)).toBeHidden();
    await expect(rowOf(page, warn)).toBeHidden();

    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('level>=error');
    await search.press('Enter');
    await expect(rowOf(page, fatal)).toBeVisible();
    await expect(rowOf(page, error)).toBeVisible();
    await expect(rowOf(page, warn)).toBeHidden();

    await page.getByRole('button', { name: 'Search syntax help' }).click();
    const help = page.getByRole('dialog', { name: 'Search syntax' });
    await expect(help).toContainText('level:error keeps exactly that level');
    await expect(help).toContainText('level>=error keeps that level and worse');
  });

  test('the job filter suggests the app’s jobs and the jobs in view as you type', async ({
    page,
    signIn,
    api,
  }) => {
    await ingest(api, 'storefront', [{ level: 'info', text: 'seen', job: 'e2e-seen-only' }]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'storefront');
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
    const jobField = page.getByRole('combobox', { name: 'Job' });
    const options = page.getByRole('listbox', { name: 'Jobs' }).getByRole('option');
    // From the loaded entries: a job the app does not list.
    await jobField.fill('seen');
    // "Starts with" and "Contains" the text come first (decision 052), then the names.
    await expect(options).toHaveText(['Starts with “seen”', 'Contains “seen”', 'e2e-seen-only']);
    await jobField.press('Escape');
    await expect(jobField).toHaveAttribute('aria-expanded', 'false');

    await jobField.fill('ync-inv');
    // From the app's `jobs`: a part of the name is enough.
    await expect(options).toHaveText([
      'Starts with “ync-inv”',
      'Contains “ync-inv”',
      'sync-inventory',
    ]);
    await expect(jobField).toHaveAttribute('aria-expanded', 'true');
    await jobField.press('ArrowDown');
    await jobField.press('ArrowDown');
    await jobField.press('ArrowDown');
    await expect(jobField).toHaveAttribute('aria-activedescendant', /.+/);
    await jobField.press('Enter');
    await expect(page).toHaveURL(/job=sync-inventory/);
    await expect(jobField).toHaveValue('sync-inventory');
    await expect(jobField).toHaveAttribute('aria-expanded', 'false');
  });

  test('Enter opens the selected row, even from another row’s button; ? lists every shortcut', async ({
    page,
    signIn,
    api,
  }) => {
    const job = `e2e-keys-${Math.random().toString(36).slice(2, 8)}`;
    const [older, newer] = await ingest(api, 'analytics', [
      { level: 'info', text: 'the older line', job },
      { level: 'info', text: 'the newer line', job },
    ]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', `?job=${job}`);
    const toggleOf = (entry: StoredEntry | undefined) =>
      rowOf(page, entry).getByRole('button', { name: /^Details of/ });
    // Open the older row with the pointer: focus stays on its button.
    await toggleOf(older).click();
    await expect(toggleOf(older)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await expect(toggleOf(newer)).toHaveAttribute('aria-expanded', 'true');
    await expect(toggleOf(older)).toHaveAttribute('aria-expanded', 'true');
    await expect(page).toHaveURL(new RegExp(`job=${job}`));

    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help).toBeVisible();
    for (const key of ['/', 'j', 'k', 'Enter', 'End', '?']) {
      await expect(help.locator('kbd').getByText(key, { exact: true })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
  });

  test('the list is one tab stop: the current row, which j/k move with the focus', async ({
    page,
    signIn,
    api,
  }) => {
    const job = `e2e-roving-${Math.random().toString(36).slice(2, 8)}`;
    const [first, second, third] = await ingest(api, 'analytics', [
      { level: 'info', text: 'first line', job },
      { level: 'warn', text: 'second line', job },
      { level: 'info', text: 'third line', job },
    ]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', `?job=${job}`);
    const toggleOf = (entry: StoredEntry | undefined) =>
      rowOf(page, entry).getByRole('button', { name: /^Details of/ });
    await expect(toggleOf(first)).toBeVisible();
    // Rows whose controls Tab reaches: one, not every row's four or five (issue 30).
    const rowsWithTabStops = () =>
      page
        .locator('[data-log-id] :is(button, a, [tabindex]):not([tabindex="-1"])')
        .evaluateAll(
          (elements) =>
            new Set(
              elements.map((element) =>
                element.closest('[data-log-id]')?.getAttribute('data-log-id'),
              ),
            ).size,
        );
    expect(await rowsWithTabStops()).toBe(1);

    await toggleOf(second).click();
    await page.keyboard.press('j');
    await expect(toggleOf(third)).toBeFocused();
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await expect(toggleOf(first)).toBeFocused();
    expect(await rowsWithTabStops()).toBe(1);
    await expect(toggleOf(first)).not.toHaveAttribute('tabindex', '-1');
  });

  test('the status line says what waits below while scrolled up, not "caught up"', async ({
    page,
    signIn,
    api,
  }) => {
    const job = `e2e-below-${Math.random().toString(36).slice(2, 8)}`;
    await ingest(
      api,
      'analytics',
      Array.from({ length: 120 }, (_, n) => ({ level: 'info', text: `line ${n}`, job })),
    );
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', `?job=${job}`);
    await expect(statusOf(page)).toHaveText('Live · caught up');
    const list = page.getByRole('region', { name: 'Log entries' });
    await list.hover();
    await page.mouse.wheel(0, -1200);
    await expect(statusOf(page)).toHaveText('Live · scrolled up');
    await ingest(api, 'analytics', [
      { level: 'info', text: 'new 1', job },
      { level: 'error', text: 'new 2', job },
    ]);
    await expect(statusOf(page)).toHaveText('Live · 2 new lines (1 error) below');
    await page.keyboard.press('End');
    await expect(statusOf(page)).toHaveText('Live · caught up');
  });

  test('a row’s time shows its microseconds on hover, so lines of one batch have an order', async ({
    page,
    signIn,
    api,
  }) => {
    const job = `e2e-time-${Math.random().toString(36).slice(2, 8)}`;
    const batch = await ingest(api, 'analytics', [
      { level: 'info', text: 'first of the batch', job },
      { level: 'info', text: 'second of the batch', job },
    ]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', `?job=${job}&utc=true`);
    const titles = await Promise.all(
      batch.map((entry) => rowOf(page, entry).locator('time').getAttribute('title')),
    );
    for (const [index, entry] of batch.entries()) {
      const micros = Math.round(entry.time * 1e6) % 1_000_000;
      expect(titles[index]).toMatch(new RegExp(`\\.${String(micros).padStart(6, '0')}$`));
    }
    expect(titles[0]).not.toBe(titles[1]);
  });

  test('a shared link to an entry shows the time around it in the range, not Live', async ({
    page,
    signIn,
    api,
  }) => {
    const [entry] = await ingest(api, 'analytics', [{ level: 'info', text: 'linked line' }]);
    await signIn(page, 'demo', { open: false });
    await openViewer(
      page,
      'analytics',
      `?entry=${entry?.id ?? ''}&at=${entry?.time ?? 0}&utc=true`,
    );
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'history');
    const iso = new Date(Math.round((entry?.time ?? 0) * 1000)).toISOString();
    await expect(page.getByLabel('Time range')).toHaveValue('linked-entry');
    await expect(page.getByLabel('Time range').locator('option:checked')).toHaveText(
      `Around ${iso.slice(0, 10)} ${iso.slice(11, 19)}`,
    );
    // Never cut to "Around 2026-11-2" (issue 30): the chosen option's text fits the select.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expectChosenOptionFits(page.getByLabel('Time range'), 1440);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('button', { name: /Filters/ }).click();
    await expectChosenOptionFits(page.getByLabel('Time range'), 375);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    // Any other range leaves the linked view.
    await page.getByLabel('Time range').selectOption('live');
    await expect(page).not.toHaveURL(/entry=/);
    await expect(statusOf(page)).toHaveAttribute('data-tail-status', 'live');
  });
});

test.describe('log viewer on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the filters wait behind a "Filters (n)" sheet that counts the active ones', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openViewer(page, 'analytics', '?level=error&q=timeout');
    await expect(page.getByRole('search', { name: 'Log filters' })).toBeHidden();
    await page.getByRole('button', { name: 'Filters (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet.getByLabel('Level')).toHaveValue('error');
    await sheet.getByLabel('Time range').selectOption('1h');
    await expect(page).toHaveURL(/range=1h/);
    await sheet.getByRole('button', { name: 'Done' }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters (3)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Filters (0)' })).toBeVisible();
    await expect(page).not.toHaveURL(/level=|q=|range=/);
  });
});

// Issue 41 in the browser, the second half: an alert made in the dashboard from a saved log view
// fires, the Alerts page says so, its e-mail arrives with the five newest lines and a link, and
// the link opens the log viewer on that view and time range. The real service runs in a process
// of its own (`serverEnv`: an SMTP sink in the test process, and the evaluator's clock read from
// a file this test writes, ALERTS_TEST_CLOCK_FILE of decision 093: a round every 200 ms). The
// clock stands an hour back until the entries are in, then moves to the next minute: that round
// counts them. Every wait is on what the service, the sink or the page says.
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, expect } from './fixtures';
import { ingestLogs } from './log-entries';
import { mailTest } from './mail-test';
import { openLogs } from './pages';

const APP = 'analytics';
const MINUTE_MS = 60_000;
const WINDOW_MINUTES = 10;

/** The evaluator's clock (epoch ms), written beside and renamed: no round reads half a file. */
interface TestClock {
  file: string;
  set(ms: number): void;
}

const test = mailTest.extend<{ clock: TestClock }>({
  clock: async ({}, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'alerts-firing-clock-'));
    const file = join(dir, 'clock');
    const set = (ms: number) => {
      writeFileSync(`${file}.next`, String(ms));
      renameSync(`${file}.next`, file);
    };
    // An hour back: the rounds before the entries are in count nothing and send nothing.
    set(Date.now() - 60 * MINUTE_MS);
    await use({ file, set });
    rmSync(dir, { recursive: true, force: true });
  },
  serverEnv: async ({ serverEnv, clock }, use) => {
    await use({ ...serverEnv, ALERTS_TEST_CLOCK_FILE: clock.file });
  },
});

/**
 * The moment (epoch ms) a datetime-local field of PAGE shows, read as the browser reads local time
 * (the browser writes whole minutes without their seconds).
 */
function momentShown(page: Page, label: string): Promise<number> {
  return page
    .getByLabel(label)
    .evaluate((input) => new Date((input as HTMLInputElement).value).getTime());
}

test.describe('an alert that fires', () => {
  test('made from a saved view, it fires on the Alerts page and its e-mail links back to the view', async ({
    page,
    signIn,
    api,
    sink,
    clock,
  }) => {
    // A service of its own to start, and the evaluator's rounds between the steps.
    test.slow();
    const name = 'error “refused” in analytics';
    const alertsRow = () =>
      page.getByRole('table', { name: 'Alerts' }).getByRole('row', { name: new RegExp(name) });

    await test.step('save a log view and make an alert from it', async () => {
      await signIn(page, 'demo', { open: false });
      await openLogs(page, APP, '?level=error&q=refused&range=1h');
      await page.getByRole('button', { name: /^Saved views/ }).click();
      await page.getByRole('menuitem', { name: 'Save view…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save view' });
      await dialog.getByLabel('View name').fill('Refused cards');
      await dialog.getByRole('button', { name: 'Save view' }).click();
      await expect(page.getByRole('button', { name: /^Saved views/ })).toHaveText('Refused cards');

      await page.getByRole('link', { name: 'Alert on this view' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toBeVisible();
      await expect(page.getByLabel('Name')).toHaveValue(name);
      await page.getByLabel('Threshold').fill('5');
      await page.getByLabel('Window (minutes)').fill(String(WINDOW_MINUTES));
      await page.getByRole('checkbox', { name: ADMIN_EMAIL }).check();
      await page.getByRole('button', { name: 'Create alert' }).click();
      await expect(page).toHaveURL(/\/alerts\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Alerts' })
        .click();
      await expect(alertsRow()).toContainText(
        `More than 5 error entries of Analytics Connector matching “refused” in ${String(WINDOW_MINUTES)} minutes, checked every minute`,
      );
      await expect(alertsRow()).not.toContainText('Firing');
    });

    // Seven errors, one request each (each its own commit time, so "newest" is their order),
    // and a warning and an error that the view's query does not match.
    const lines = Array.from({ length: 7 }, (_, n) => `card refused ${String(n + 1)}`);
    let momentMs = 0;

    await test.step('ingest entries past the threshold and move the clock on', async () => {
      // The Alerts page stays open from here on: a mark on its window shows it is never reloaded.
      await page.evaluate(() => {
        (window as { alertsPageMark?: boolean }).alertsPageMark = true;
      });
      await ingestLogs(api, APP, [
        { level: 'warn', data: 'card refused by a warning' },
        { level: 'error', data: 'disk full' },
      ]);
      for (const line of lines) await ingestLogs(api, APP, [{ level: 'error', data: line }]);
      // The next minute after every entry: its window holds all seven.
      momentMs = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
      clock.set(momentMs);
    });

    let link = '';
    let html = '';

    await test.step('one e-mail arrives with the five newest lines and the link', async () => {
      await expect.poll(() => sink.messages.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(sink.messages).toHaveLength(1);
      const [mail] = sink.messages;
      expect(mail?.to).toEqual([ADMIN_EMAIL]);
      expect(mail?.subject).toBe(`Firing: ${name} (7 > 5)`);
      const text = mail?.text ?? '';
      const shown = [...text.matchAll(/ error (card refused \d)$/gm)].map((match) => match[1]);
      expect(shown).toEqual([
        'card refused 7',
        'card refused 6',
        'card refused 5',
        'card refused 4',
        'card refused 3',
      ]);
      expect(text).not.toContain('disk full');
      expect(text).not.toContain('by a warning');
      link = /^Open the logs: (\S+)$/m.exec(text)?.[1] ?? '';
      const url = new URL(link);
      expect(url.origin).toBe(new URL(page.url()).origin);
      expect(url.pathname).toBe(`/s/demo/apps/${APP}/logs`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        level: 'error',
        q: 'refused',
        range: 'custom',
        since: String((momentMs - WINDOW_MINUTES * MINUTE_MS) / 1000),
        before: String(momentMs / 1000),
      });
      // The html's href escapes the query's & (migration 030): the same URL once a reader reads it.
      expect(mail?.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
      html = mail?.html ?? '';
    });

    await test.step('the Alerts page, left open, shows it firing without a reload or a focus', async () => {
      // The e-mail goes out after the evaluation committed the state; the page asks again on its
      // own every 10 s while it is visible (and nothing here hides, shows or focuses it).
      await expect(alertsRow()).toContainText('Firing', { timeout: 30_000 });
      expect(
        await page.evaluate(() => (window as { alertsPageMark?: boolean }).alertsPageMark),
      ).toBe(true);
    });

    await test.step('the link opens the log viewer on that view and time range', async () => {
      // Opened as a reader does: the e-mail's html in the browser, its link clicked.
      await page.setContent(html);
      await page.getByRole('link', { name: 'Open the logs' }).click();
      await expect(page).toHaveURL(new RegExp(`/s/demo/apps/${APP}/logs\\?`));
      await expect(page.getByRole('heading', { level: 1, name: 'Logs' })).toBeVisible();
      await expect(page.getByLabel('Level', { exact: true })).toHaveValue('error');
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('refused');
      await expect(page.getByLabel('Time range')).toHaveValue('custom');
      await expect
        .poll(() => momentShown(page, 'From (local time)'))
        .toBe(momentMs - WINDOW_MINUTES * MINUTE_MS);
      await expect.poll(() => momentShown(page, 'Until (empty: keep following)')).toBe(momentMs);
      const rows = page.locator('[data-log-id]');
      await expect(rows).toHaveCount(lines.length);
      for (const line of lines) await expect(rows.filter({ hasText: line })).toHaveCount(1);
      // The rounds since then, at the same minute, sent nothing more.
      expect(sink.messages).toHaveLength(1);
    });
  });
});

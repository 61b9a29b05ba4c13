// The viewer's own controls (the tail itself is covered in logs.spec.ts): accessibility in both
// themes, the keyboard, UTC times and q-term highlighting, against the real service.
import type { Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { ingestLogs } from './log-entries';
import { openLogs } from './pages';
import { AxeBuilder, seriousOf } from './axe';

const APP = 'analytics';

const ingest = (api: ApiFetch, messages: Array<{ level: string; text: string }>) =>
  ingestLogs(
    api,
    APP,
    messages.map(({ level, text }) => ({
      level,
      data: { message: text },
      context: { job: { name: 'sync-inventory' } },
      created_at: '2026-01-02T03:04:05.678Z',
    })),
  );

const openViewer = (page: Page, query = '') => openLogs(page, APP, query);

test.describe('log viewer controls', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no serious accessibility violations (${colorScheme})`, async ({
      page,
      signIn,
      api,
    }) => {
      await page.emulateMedia({ colorScheme });
      await ingest(api, [
        { level: 'info', text: 'payment accepted' },
        { level: 'error', text: 'payment failed: card declined' },
        { level: 'fatal', text: 'worker crashed' },
        { level: 'warn', text: 'slow query' },
        { level: 'debug', text: 'cache lookup' },
      ]);
      await signIn(page, 'demo', { open: false });
      await openViewer(page, '?q=payment');
      const rows = page.getByRole('list', { name: 'Log lines' }).getByRole('listitem');
      await expect(rows).toHaveCount(2);
      await rows
        .last()
        .getByRole('button', { name: /^Details of the error entry/ })
        .click();
      await expect(page.getByRole('region', { name: 'Data' })).toBeVisible();
      expect(seriousOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
    });
  }

  test('keyboard: / searches, k selects and stops following, Enter opens, End follows again', async ({
    page,
    signIn,
    api,
  }) => {
    const stored = await ingest(
      api,
      Array.from({ length: 80 }, (_, n) => ({
        level: n % 10 === 0 ? 'error' : 'info',
        text: `line ${n}`,
      })),
    );
    await signIn(page, 'demo', { open: false });
    await openViewer(page);
    const list = page.getByRole('region', { name: 'Log entries' });
    await expect(list).toHaveAttribute('data-entry-count', '80');

    await page.getByRole('heading', { level: 1, name: 'Logs' }).click();
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    // The selected row: the one before the newest; following stopped, so the pill offers the way back.
    const selected = page.locator(`[data-log-id="${stored.at(-2)?.id}"]`);
    await page.keyboard.press('Enter');
    await expect(selected.getByRole('button', { name: /^Details of/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Back to the latest line' })).toBeVisible();

    const more = await ingest(api, [{ level: 'error', text: 'new while reading' }]);
    await expect(page.getByRole('button', { name: '1 new line (1 error)' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: /new line|latest line/ })).toBeHidden();
    await expect(page.locator(`[data-log-id="${more[0]?.id}"]`)).toBeInViewport();

    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    // Tab from the last filter goes to something visible, not to a hidden submit button.
    await page.getByLabel('Time range').focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Apply filters' })).not.toBeFocused();
    expect(
      await page.evaluate(() => document.activeElement?.getBoundingClientRect().width),
    ).toBeGreaterThan(1);
  });

  test('one Times control shows local, UTC or relative times and keeps the choice in the URL', async ({
    page,
    signIn,
    api,
  }) => {
    const [entry] = await ingest(api, [{ level: 'info', text: 'a line to time' }]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page);
    const times = page.getByRole('group', { name: 'Times' });
    const pressed = times.getByRole('button', { pressed: true });
    const time = page.locator(`[data-log-id="${entry?.id}"] time`);
    await expect(pressed).toHaveText(['Local']);

    await times.getByRole('button', { name: 'Relative' }).click();
    await expect(pressed).toHaveText(['Relative']);
    await expect(page).toHaveURL(/relative=true/);
    await expect(time).toHaveText(/ago$|^now$/);

    await times.getByRole('button', { name: 'UTC' }).click();
    await expect(pressed).toHaveText(['UTC']);
    await expect(page).toHaveURL(/utc=true/);
    await expect(page).not.toHaveURL(/relative=/);
    await page.reload();
    await expect(pressed).toHaveText(['UTC']);

    await times.getByRole('button', { name: 'Local' }).click();
    await expect(pressed).toHaveText(['Local']);
    await expect(page).not.toHaveURL(/utc=|relative=/);
    await expect(time).not.toHaveText(/ago$/);
  });

  test('times switch to UTC with milliseconds, and q terms are highlighted', async ({
    page,
    signIn,
    api,
  }) => {
    const [entry] = await ingest(api, [{ level: 'warn', text: 'Disk almost full on node-7' }]);
    await signIn(page, 'demo', { open: false });
    await openViewer(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('"almost full"');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    const row = page.locator(`[data-log-id="${entry?.id}"]`);
    await expect(row.locator('mark')).toHaveText(['almost full']);

    await page.getByRole('button', { name: 'UTC' }).click();
    await expect(page).toHaveURL(/utc=true/);
    const iso = new Date(Math.round((entry?.time ?? 0) * 1000)).toISOString();
    await expect(row.locator('time')).toHaveText(`${iso.slice(0, 10)} ${iso.slice(11, 23)}`);
  });
});

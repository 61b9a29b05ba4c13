// Finding in the log (issue 30, decision 052): the job filter by prefix, suggestions from the
// service, Show context, Copy link for the view and reading the log by keyboard alone, against
// the real service.
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { ingestLogs, type StoredEntry } from './log-entries';
import { openLogs } from './pages';

const APP = 'analytics';
let counter = 0;
/** A prefix no other test's job starts with (the tests share the service). */
const uniquePrefix = (tag: string) => `${tag}${Date.now().toString(36)}${String((counter += 1))}`;

const entry = (job: string | null, level: string, text: string) => ({
  level,
  data: { message: text },
  context: job === null ? null : { job: { name: job } },
});

const ingest = (api: ApiFetch, logs: ReturnType<typeof entry>[]) => ingestLogs(api, APP, logs);

const rows = (page: Page) => page.getByRole('list', { name: 'Log lines' }).getByRole('listitem');
const jobField = (page: Page) => page.getByRole('combobox', { name: 'Job' });

/**
 * Presses Tab until the focus is inside `target`, at most `presses` times; says whether it got
 * there. Counted presses, not an expect's time limit: the stops before the log's list took
 * longer than 10 s to walk beside two busy loops.
 */
async function tabInto(page: Page, target: Locator, presses = 200): Promise<boolean> {
  const inside = () => target.evaluate((node) => node.contains(document.activeElement));
  for (let pressed = 0; pressed < presses; pressed += 1) {
    if (await inside()) return true;
    await page.keyboard.press('Tab');
  }
  return inside();
}

test.describe('finding in the log', () => {
  test('"starts with" a typed prefix finds every job that starts with it', async ({
    page,
    signIn,
    api,
  }) => {
    const prefix = uniquePrefix('sync');
    await ingest(api, [
      entry(`${prefix}-inventory`, 'info', 'inventory synced'),
      entry(`${prefix}-orders`, 'warn', 'orders synced late'),
      entry(`other-${prefix}`, 'info', 'not this one'),
    ]);
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP);
    await jobField(page).fill(prefix);
    await page.getByRole('option', { name: `Starts with “${prefix}”` }).click();
    await expect(page).toHaveURL(/job_match=prefix/);
    await expect(page.getByText(`Showing jobs starting with “${prefix}”`)).toBeVisible();
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).filter({ hasText: 'not this one' })).toHaveCount(0);
  });

  test('suggests a job the service knows though no loaded line has it', async ({
    page,
    signIn,
    api,
  }) => {
    const prefix = uniquePrefix('arch');
    await ingest(api, [
      entry(`${prefix}-old`, 'info', 'archived'),
      entry('visible-job', 'error', 'the only error'),
    ]);
    await signIn(page, 'demo', { open: false });
    // Only errors are loaded: the archive job's line is not in the page.
    await openLogs(page, APP, `?level=error&q=${encodeURIComponent('"the only error"')}`);
    await expect(rows(page)).toHaveCount(1);
    await jobField(page).fill(prefix);
    await expect(page.getByRole('option', { name: `${prefix}-old`, exact: true })).toBeVisible();
  });

  test('Show context around a filtered line shows its neighbours of other levels and jobs', async ({
    page,
    signIn,
    api,
  }) => {
    const tag = uniquePrefix('ctx');
    await ingest(api, [
      entry('before-job', 'debug', `${tag} before`),
      entry('needle-job', 'error', `${tag} needle`),
      entry(null, 'info', `${tag} after`),
    ]);
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP, `?level=error&q=${encodeURIComponent(`"${tag} needle"`)}`);
    await expect(rows(page)).toHaveCount(1);
    await rows(page)
      .first()
      .getByRole('button', { name: /^Details of the error entry/ })
      .click();
    const show = page.getByRole('button', { name: 'Show context' });
    await show.click();
    const dialog = page.getByRole('dialog', { name: 'Context' });
    const current = dialog.locator('[aria-current="true"]');
    await expect(current).toContainText(`${tag} needle`);
    await expect(current).toBeInViewport();
    await expect(dialog.getByRole('listitem').filter({ hasText: `${tag} before` })).toContainText(
      'debug',
    );
    await expect(dialog.getByRole('listitem').filter({ hasText: `${tag} after` })).toContainText(
      'info',
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(show).toBeFocused();
  });

  test('Copy link copies the view: opened in a new page it shows the same filters and lines', async ({
    page,
    context,
    signIn,
    api,
    baseURL,
  }) => {
    const prefix = uniquePrefix('link');
    await ingest(api, [entry(`${prefix}-a`, 'info', 'one'), entry(`${prefix}-b`, 'info', 'two')]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP, `?job=${prefix}&job_match=prefix&range=1h`);
    await expect(rows(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByText('Link copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    // The preset is pinned to the absolute range it showed.
    expect(link).toContain('range=custom');
    expect(link).toContain('before=');

    const other = await context.newPage();
    await other.goto(link);
    await expect(rows(other)).toHaveCount(2);
    await expect(jobField(other)).toHaveValue(prefix);
    await expect(other.getByText(`Showing jobs starting with “${prefix}”`)).toBeVisible();
  });

  test('keyboard only: k selects a line, c opens its context, Escape returns to the line', async ({
    page,
    signIn,
    api,
  }) => {
    const tag = uniquePrefix('kbd');
    const stored: StoredEntry[] = await ingest(
      api,
      Array.from({ length: 5 }, (_, n) => entry('kbd-job', 'info', `${tag} line ${String(n)}`)),
    );
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP, `?q=${encodeURIComponent(tag)}`);
    await expect(rows(page)).toHaveCount(5);
    // Tab into the list: one stop per row, then j/k move.
    expect(await tabInto(page, page.getByRole('list', { name: 'Log lines' }))).toBe(true);
    // The first k selects the newest line (the list's tab stop), the second the one before.
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    const selected = page.locator(`[data-log-id="${stored.at(-2)?.id ?? ''}"]`);
    // j/k move the focus along to the selected row.
    await expect
      .poll(() => selected.evaluate((node) => node.contains(document.activeElement)))
      .toBe(true);
    await page.keyboard.press('c');
    const dialog = page.getByRole('dialog', { name: 'Context' });
    await expect(dialog.locator('[aria-current="true"]')).toContainText(`${tag} line 3`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await selected.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  });
});

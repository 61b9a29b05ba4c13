// Issue 30, decision 055: the Fields panel's "Filter by" / "Filter out" add an exact field
// condition: the list narrows, a chip names it, removing the chip restores the list; against
// the real service in real Chromium.
import type { Page } from '@playwright/test';
import { AxeBuilder, seriousOf } from './axe';
import { expect, test } from './fixtures';
import { ingestLogs } from './log-entries';
import { openLogs } from './pages';

const APP = 'analytics';

async function statusValues(page: Page) {
  await page.getByRole('button', { name: 'Fields' }).click();
  const panel = page.getByRole('dialog', { name: 'Fields' });
  await panel.getByLabel('Field').selectOption('status');
  return panel.getByRole('list', { name: 'Top values of status' });
}

/** A row's `step` value (a button that searches for it). */
const stepValue = (page: Page, step: string) =>
  page.getByRole('button', { name: `Search for step ${step}`, exact: true });

const entryCount = (page: Page) => page.getByTestId('log-entry-count');

test.describe('field filters', () => {
  test('filter by and filter out a value of the Fields panel, as a removable chip', async ({
    page,
    signIn,
    api,
  }) => {
    await ingestLogs(api, APP, [
      { level: 'info', data: { status: 200, step: 'first ok' } },
      { level: 'info', data: { status: 200, step: 'second ok' } },
      // The text "500" in another field: a text search would find it, the condition does not.
      { level: 'info', data: { status: 201, step: 'took 500 ms' } },
      { level: 'error', data: { status: 500, step: 'boom' } },
    ]);
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP, '?range=1h');
    await expect(entryCount(page)).toHaveAttribute('data-count', '4');
    const chips = page.getByRole('list', { name: 'Field filters' });

    // Filter by: only the 500, a chip, the address carries it.
    await (await statusValues(page)).getByRole('button', { name: 'Filter by status 500' }).click();
    await expect(entryCount(page)).toHaveAttribute('data-count', '1');
    await expect(stepValue(page, 'boom')).toBeVisible();
    await expect(chips.getByRole('listitem')).toHaveText(['status = 500×']);
    await expect(page).toHaveURL(/where=/);
    // The Fields panel counts under the condition too.
    await expect(
      page.getByRole('list', { name: 'Top values of status' }).getByRole('listitem'),
    ).toHaveCount(1);
    await page.keyboard.press('Escape');

    // A reload keeps it (the address is the state).
    await page.reload();
    await expect(entryCount(page)).toHaveAttribute('data-count', '1');

    // Removing the chip restores the list.
    await chips.getByRole('button', { name: 'Remove filter status = 500' }).click();
    await expect(entryCount(page)).toHaveAttribute('data-count', '4');
    await expect(chips).toHaveCount(0);

    // Filter out: every entry but the 500.
    await (await statusValues(page)).getByRole('button', { name: 'Filter out status 500' }).click();
    await expect(entryCount(page)).toHaveAttribute('data-count', '3');
    await expect(chips.getByRole('listitem')).toHaveText(['status ≠ 500×']);
    await expect(stepValue(page, 'boom')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // The live tail keeps the condition: a new 500 does not show, a new 200 does.
    await ingestLogs(api, APP, [
      { level: 'error', data: { status: 500, step: 'boom again' } },
      { level: 'info', data: { status: 200, step: 'gamma ok' } },
    ]);
    await expect(stepValue(page, 'gamma ok')).toBeVisible();
    await expect(entryCount(page)).toHaveAttribute('data-count', '4');
    await expect(stepValue(page, 'boom again')).toHaveCount(0);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`chips and the filter buttons have no serious accessibility violations (${colorScheme})`, async ({
      page,
      signIn,
      api,
    }) => {
      await page.emulateMedia({ colorScheme });
      await ingestLogs(api, APP, [
        { level: 'info', data: { status: 200, step: 'ok' } },
        { level: 'error', data: { status: 500, step: 'boom' } },
      ]);
      await signIn(page, 'demo', { open: false });
      await openLogs(page, APP, '?range=1h&where_not=%5B%22status%3A200%22%5D');
      await expect(entryCount(page)).toHaveAttribute('data-count', '1');
      await expect(page.getByRole('list', { name: 'Field filters' })).toHaveText('status ≠ 200×');
      const values = await statusValues(page);
      await expect(values.getByRole('button', { name: 'Filter by status 500' })).toBeVisible();
      expect(seriousOf(await new AxeBuilder({ page }).analyze())).toEqual([]);
    });
  }
});

// At 375 px no main page scrolls sideways: what is wider than a phone (a table, a 1024 px e-mail
// preview) scrolls inside its own box.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConsent, openEditor } from './pages';

/** How far the document scrolls sideways, in CSS pixels (0: not at all). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function openPage(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('no main page scrolls sideways', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    const pages: Array<[string, () => Promise<void>]> = [
      ['apps', () => openPage(page, '/apps', 'Apps')],
      ['app detail', () => openPage(page, '/apps/analytics', 'Analytics Connector')],
      ['logs', () => openPage(page, '/apps/analytics/logs', 'Logs')],
      ['consent', () => openConsent(page)],
      ['notifications', () => openPage(page, '/notifications', 'Notifications')],
      ['notification editor', () => openEditor(page)],
    ];
    for (const [name, open] of pages) {
      await open();
      expect(await sidewaysScroll(page), name).toBeLessThanOrEqual(0);
    }
  });

  test("the log viewer's toolbar keeps to one row, Export as an icon with its name", async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openPage(page, '/apps/analytics/logs', 'Logs');
    // Controls of one row share their vertical middle; a wrapped one sits a row lower.
    const middleOf = (locator: Locator) =>
      locator.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top + box.height / 2;
      });
    const pause = await middleOf(page.getByRole('button', { name: 'Pause' }));
    const times = await middleOf(page.getByRole('group', { name: 'Times' }));
    const exportButton = await middleOf(page.getByRole('button', { name: 'Export NDJSON' }));
    expect(Math.abs(times - pause)).toBeLessThan(2);
    expect(Math.abs(exportButton - pause)).toBeLessThan(2);
  });

  test('the desktop preview at 100 % scrolls inside its frame; the phone width fits', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openEditor(page);
    const width = page.getByRole('group', { name: 'Width' });
    await width.getByRole('button', { name: 'Desktop' }).click();
    // The preview says which width it lays the mail out at: wait for the desktop's before Fit
    // (once, beside two busy loops, the region below never came: this tells a lost click apart).
    await expect(page.getByText(/^1024 px wide, shown at \d+ %/)).toBeVisible();
    // A 1024 px mail in a phone's column opens fitted; at 100 % (Fit off) it scrolls in its frame.
    const fit = page.getByRole('button', { name: 'Fit' });
    await expect(fit).toHaveAttribute('aria-pressed', 'true');
    await fit.click();
    await expect(fit).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('iframe[title="HTML preview"]')).toBeVisible();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', { name: /scrolls sideways/ })).toBeVisible();
    // The phone width fits a phone's column: no 32 px of sideways scroll for a phone's mail.
    await width.getByRole('button', { name: 'Mobile' }).click();
    await expect(page.getByText(/^375 px wide, shown at \d+ %$/)).toBeVisible();
    await expect(page.getByRole('region', { name: /scrolls sideways/ })).toHaveCount(0);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
  });
});

// Every language of a notification edited in the editor (issue 28, decision 046), against the
// real service (temp SQLite with the demo seed: en default, nl and fr; the order confirmation
// translated to nl, fr missing) in real Chromium.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openEditor } from './pages';

const languages = (page: Page) => page.getByRole('tablist', { name: 'Languages' });
const localeTab = (page: Page, name: string) =>
  languages(page).getByRole('tab', { name: new RegExp(`^${name}`) });

test.describe('notification translations', () => {
  test('the locale bar shows each language with its state and keeps the choice in the URL', async ({
    page,
    signIn,
  }) => {
    await signIn(page);
    await openEditor(page);
    await expect(languages(page).getByRole('tab')).toHaveCount(3);
    await expect(localeTab(page, 'English')).toContainText('default');
    await expect(localeTab(page, 'English')).toHaveAttribute('aria-selected', 'true');
    await expect(localeTab(page, 'Dutch')).toContainText('translated');
    await expect(localeTab(page, 'French')).toContainText('missing');

    // Keyboard: the arrow keys move the selection, as in any tablist.
    await localeTab(page, 'English').focus();
    await page.keyboard.press('ArrowRight');
    await expect(localeTab(page, 'Dutch')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/locale=nl/);
    await expect(page.getByLabel('Subject')).toHaveValue(/^Je bestelling/);
    await page.reload();
    await expect(localeTab(page, 'Dutch')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
  });
});

// The Site settings page (issue 28) against the real service (temp SQLite with the demo seed:
// en default, nl, fr; the order confirmation and the welcome mail translated to nl) in Chromium.
import type { Page, Response } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';

const isSitePatch = (response: Response) =>
  response.request().method() === 'PATCH' &&
  new URL(response.url()).pathname === '/api/settings/site';

interface SiteSettingsBody {
  name: string;
  default_locale: string;
  locales: string[];
}

async function siteSettings(api: ApiFetch): Promise<SiteSettingsBody> {
  return (await (await api('/settings/site')).json()) as SiteSettingsBody;
}

async function openSiteSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Site' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Site' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).not.toHaveValue('');
}

async function save(page: Page) {
  const patched = page.waitForResponse(isSitePatch);
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await patched).status()).toBe(200);
  await expect(page.getByText('All changes saved')).toBeVisible();
}

const rows = (page: Page) =>
  page.getByRole('list', { name: 'Languages of the site' }).getByRole('listitem');

test.describe('site settings', () => {
  test('add, remove (asking first), reorder and change the default', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page);
    await openSiteSettings(page);
    await expect(rows(page)).toHaveText([/English\s*en/, /Dutch\s*nl/, /French\s*fr/]);
    await expect(page.getByRole('radio', { name: 'Default language: English' })).toBeChecked();

    // Add fr-CA from the searchable list: typing its name finds it.
    const picker = page.getByRole('combobox', { name: 'Add a language' });
    await picker.fill('canadian fr');
    await page.getByRole('option', { name: /Canadian French\s*fr-CA/ }).click();
    await expect(picker).toHaveValue('');
    await expect(rows(page)).toHaveCount(4);
    await expect(rows(page).nth(3)).toHaveText(/Canadian French\s*fr-CA/);
    await save(page);
    expect((await siteSettings(api)).locales).toEqual(['en', 'nl', 'fr', 'fr-CA']);

    // Removing nl asks first and names the templates translated into it.
    await page.getByRole('button', { name: 'Remove Dutch' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove Dutch?' });
    await expect(dialog).toContainText('Order confirmation');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(3);
    await save(page);
    expect((await siteSettings(api)).locales).toEqual(['en', 'fr', 'fr-CA']);
    const order = (await (await api('/notifications/order-confirmation')).json()) as {
      translations: Record<string, unknown>;
    };
    expect(Object.keys(order.translations)).not.toContain('nl');

    // Reorder with the keyboard and make French the default.
    await page.getByRole('button', { name: 'Move French up' }).focus();
    await page.keyboard.press('Enter');
    await expect(rows(page)).toHaveText([/^French\s*fr(?!-)/, /^English/, /^Canadian French/]);
    await page.getByRole('radio', { name: 'Default language: French' }).check();
    await save(page);
    const saved = await siteSettings(api);
    expect(saved.locales).toEqual(['fr', 'en', 'fr-CA']);
    expect(saved.default_locale).toBe('fr');

    // The page shows the saved order after a reload.
    await page.reload();
    await expect(rows(page)).toHaveText([/^French\s*fr(?!-)/, /^English/, /^Canadian French/]);
    await expect(page.getByRole('radio', { name: 'Default language: French' })).toBeChecked();
  });

  test('the toast of a save goes with the next edit: it never sits over Save', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page);
    await openSiteSettings(page);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Demo Shop');
    await save(page);
    const saved = page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Site settings saved');
    // Hovered, it stays until dismissed: only the next edit can take it away.
    await saved.hover();
    await name.fill('Demo Shop EU');
    await expect(saved).toBeHidden();
    await save(page);
    expect((await siteSettings(api)).name).toBe('Demo Shop EU');
  });

  test('an invalid typed tag shows the error on the field and adds nothing', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page);
    await openSiteSettings(page);
    const picker = page.getByRole('combobox', { name: 'Add a language' });
    await picker.fill('not a tag!');
    await picker.press('Enter');
    await expect(picker).toHaveAttribute('aria-invalid', 'true');
    await expect(picker).toHaveAccessibleDescription(/is not a language tag/);
    await expect(rows(page)).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    // A valid tag that is not in the list can be typed; a duplicate cannot.
    await picker.fill('nl');
    await picker.press('Enter');
    await expect(picker).toHaveAccessibleDescription(/nl is already a language of the site/);
    await picker.fill('gsw');
    await picker.press('Enter');
    await expect(rows(page).nth(3)).toHaveText(/gsw/);
    await save(page);
    expect((await siteSettings(api)).locales).toContain('gsw');
  });

  test('a save over someone else’s change opens the conflict dialog', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page);
    await openSiteSettings(page);
    const name = page.getByLabel('Name', { exact: true });
    // Someone else renames the site after the page loaded.
    const theirs = await api('/settings/site', {
      method: 'PATCH',
      body: JSON.stringify({ name: 'Their name' }),
    });
    expect(theirs.status).toBe(200);

    await name.fill('My name');
    const patched = page.waitForResponse(isSitePatch);
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await patched).status()).toBe(412);
    const dialog = page.getByRole('dialog', { name: 'Someone else changed the site settings' });
    await expect(dialog).toContainText('Their name');
    await expect(dialog).toContainText('My name');
    await dialog.getByRole('button', { name: 'Overwrite with yours' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    expect((await siteSettings(api)).name).toBe('My name');
  });
});

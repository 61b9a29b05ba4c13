// The apps pages against the real service (temp SQLite with the demo seed) in real Chromium.
import Database from 'better-sqlite3';
import type { Page, Response } from '@playwright/test';
import { deriveCallbackUrl } from '../contract/app-callback';
import { expect, test } from './fixtures';
import { AxeBuilder, seriousOf } from './axe';

const isPatchOf = (key: string) => (response: Response) =>
  response.request().method() === 'PATCH' &&
  new URL(response.url()).pathname === `/api/apps/${key}`;

const NAMES: Record<string, string> = {
  analytics: 'Analytics Connector',
  storefront: 'Storefront',
  'legacy-import': 'Legacy Import',
};

/** Opens an app's page directly (the list → app path is covered by its own test). */
async function openApp(page: Page, key: string) {
  await page.goto(`/apps/${key}`);
  await expect(page.getByRole('heading', { level: 1, name: NAMES[key] })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
}

test.describe('apps', () => {
  test('lists the apps and filters them by name or key, in the URL', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps');
    const rows = page.getByRole('table', { name: 'Apps' }).getByRole('row');
    await expect(rows).toHaveCount(4); // header + 3 demo apps
    await expect(page.getByRole('row', { name: /Legacy Import/ })).toContainText(
      'Compile failed · 2 errors',
    );

    await page.getByLabel('Filter apps by name or key').fill('legacy-imp');
    await expect(page).toHaveURL(/filter=legacy-imp/);
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(page.getByLabel('Filter apps by name or key')).toHaveValue('legacy-imp');
    await expect(rows).toHaveCount(2);

    await page.getByLabel('Filter apps by name or key').fill('nothing-like-this');
    await expect(page.getByText('No app matches “nothing-like-this”')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await expect(rows).toHaveCount(4);
  });

  test('edits and saves an external app; the change persists after reload', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await page.goto('/apps');
    await page.getByRole('link', { name: 'Analytics Connector' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Analytics Connector' }),
    ).toBeVisible();

    await page.getByLabel('Name', { exact: true }).fill('Analytics EU');
    await page.getByLabel('SDK version').fill('2.0.0');
    // An address pasted from the browser's address bar keeps only its hostname.
    const domain = page.getByLabel('Domain');
    await domain.fill('');
    await domain.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'https://analytics-eu.example.net/setup?step=2');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
    });
    await expect(domain).toHaveValue('analytics-eu.example.net');
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches += 1;
    });
    const patch = page.waitForResponse(isPatchOf('analytics'));
    // A double click and an impatient Ctrl+S still send one request.
    await page.getByRole('button', { name: 'Save changes' }).dblclick();
    await page.keyboard.press('ControlOrMeta+s');
    const response = await patch;
    expect(response.status()).toBe(200);
    // Only the changed fields travel, based on the loaded version.
    expect(response.request().postDataJSON()).toEqual({
      name: 'Analytics EU',
      sdk_version: '2.0.0',
      domain: 'analytics-eu.example.net',
    });
    expect(response.request().headers()['if-match']).toMatch(/^"/);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(patches).toBe(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics EU' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Analytics EU');
    await expect(page.getByLabel('SDK version')).toHaveValue('2.0.0');
    expect(await (await api('/apps/analytics')).json()).toMatchObject({
      name: 'Analytics EU',
      sdk_version: '2.0.0',
    });
  });

  test('an internal app shows the derived callback live while scopes change, and after saving', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'storefront');
    const app = { key: 'storefront', domain: 'shop.demo.example.com' };
    const callback = page.getByLabel('Callback URL');
    await expect(callback).toHaveAttribute('readonly', '');
    await expect(callback).toHaveValue(
      deriveCallbackUrl(app, ['read_customers', 'read_orders', 'read_products', 'write_inventory']),
    );

    // Add a scope through the search, remove one chip with the keyboard.
    const combobox = page.getByRole('combobox', { name: 'Install scopes' });
    await combobox.fill('logs');
    await page.getByRole('option', { name: /read_logs/ }).click();
    await page.getByRole('button', { name: 'Remove write_inventory' }).focus();
    await page.keyboard.press('Delete');
    await expect(page.getByRole('button', { name: 'Remove write_inventory' })).toHaveCount(0);
    const scopes = ['read_customers', 'read_orders', 'read_products', 'read_logs'];
    const expected = deriveCallbackUrl(app, scopes);
    await expect(callback).toHaveValue(expected);

    const patch = page.waitForResponse(isPatchOf('storefront'));
    await page.keyboard.press('ControlOrMeta+s');
    const response = await patch;
    expect(response.status()).toBe(200);
    expect(Object.keys(response.request().postDataJSON() as object)).toEqual(['install_scopes']);
    expect(((await response.json()) as { callback_url: string }).callback_url).toBe(expected);
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(callback).toHaveValue(expected);
    await page.reload();
    await expect(page.getByLabel('Callback URL')).toHaveValue(expected);
    expect(await (await api('/apps/storefront')).json()).toMatchObject({ callback_url: expected });
  });

  test('the scope picker works with the keyboard alone', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'analytics');
    const combobox = page.getByRole('combobox', { name: 'Install scopes' });
    const listbox = page.getByRole('listbox', { name: 'Install scopes' });
    await combobox.focus();
    await page.keyboard.press('ArrowDown');
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.type('write set');
    await expect(listbox.getByRole('option')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(listbox.getByRole('option', { name: /write_settings/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Remove write_settings' })).toBeVisible();
    // Picking clears the search for the next one.
    await expect(combobox).toHaveValue('');
    await page.keyboard.type('xyz');
    await page.keyboard.press('Escape');
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await expect(listbox).toBeHidden();
    await page.keyboard.press('Escape'); // clears the search
    await expect(combobox).toHaveValue('');
    await page.keyboard.press('Backspace'); // removes the last chip
    await expect(page.getByRole('button', { name: 'Remove write_settings' })).toHaveCount(0);
    await expect(page.getByText('All changes saved')).toBeVisible();
  });

  test('choosing a scope the app already has keeps it and says so', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'storefront');
    const combobox = page.getByRole('combobox', { name: 'Install scopes' });
    await combobox.fill('read_cus');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // Before the fix, Enter toggled the existing scope off and Ctrl+S saved the loss.
    await expect(page.getByRole('button', { name: 'Remove read_customers' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'read_customers is already added' }),
    ).toBeVisible();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.keyboard.press('ControlOrMeta+s');
    expect(await (await api('/apps/storefront')).json()).toMatchObject({
      install_scopes: expect.arrayContaining(['read_customers']),
    });
  });

  test('a save in another tab updates an unchanged form and flags a changed one', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'analytics');
    const other = await context.newPage();
    await signIn(other);
    await openApp(other, 'analytics');
    const name = page.getByLabel('Name', { exact: true });
    const otherName = other.getByLabel('Name', { exact: true });

    // Tab 1 unchanged: it takes tab 2's save by itself (before the fix it kept the old name).
    await otherName.fill('Analytics from tab 2');
    await other.keyboard.press('ControlOrMeta+s');
    await expect(other.getByText('All changes saved')).toBeVisible();
    await expect(name).toHaveValue('Analytics from tab 2');
    await expect(page.getByText('All changes saved')).toBeVisible();

    // Tab 1 changed: it keeps the edits, says so, and the save goes through the merge dialog.
    await name.fill('Mine');
    await otherName.fill('Theirs');
    await other.keyboard.press('ControlOrMeta+s');
    await expect(other.getByText('All changes saved')).toBeVisible();
    await expect(page.getByText('Changed in another tab')).toBeVisible();
    await expect(name).toHaveValue('Mine');
    await page.keyboard.press('ControlOrMeta+s');
    await expect(page.getByRole('dialog', { name: 'Someone else saved this app' })).toBeVisible();
  });

  test('a failed save says nothing was saved, keeps the edits, and retries', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'analytics');
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Analytics A');
    await page.keyboard.press('ControlOrMeta+s');
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.getByText('App saved')).toBeVisible();

    // The server breaks for the next save (a proxy's 500 that is not even an Error body).
    await page.route('**/api/apps/analytics', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'text/plain', body: 'upstream exploded' })
        : route.continue(),
    );
    await name.fill('Analytics B');
    await page.keyboard.press('ControlOrMeta+s');
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was saved' });
    await expect(alert).toContainText('your edits are kept');
    await expect(toasts.getByText('App saved')).toHaveCount(0);
    await expect(name).toHaveValue('Analytics B');
    expect(await (await api('/apps/analytics')).json()).toMatchObject({ name: 'Analytics A' });

    await page.unroute('**/api/apps/analytics');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(await (await api('/apps/analytics')).json()).toMatchObject({ name: 'Analytics B' });
  });

  test('a 422 from the service lands on its field and takes the focus', async ({
    page,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'storefront');
    // The form never sends an internal app's callback URL; only the service knows that it must
    // refuse one. Play a client that does not know the rule: add one to the real request.
    await page.route('**/api/apps/storefront', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      await route.continue({
        postData: JSON.stringify({
          ...(request.postDataJSON() as object),
          callback_url: 'https://elsewhere.example.com/cb',
        }),
      });
    });
    await page.getByLabel('Name', { exact: true }).fill('Storefront 2');
    const patch = page.waitForResponse(isPatchOf('storefront'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).status()).toBe(422);

    const callback = page.getByLabel('Callback URL');
    await expect(callback).toHaveAttribute('aria-invalid', 'true');
    await expect(callback).toHaveAccessibleDescription(/cannot be set/);
    await expect(callback).toBeFocused();
    // Nothing typed is lost, nothing was stored.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Storefront 2');
    expect(await (await api('/apps/storefront')).json()).toMatchObject({ name: 'Storefront' });
  });

  test('two pages edit the same app: the second save gets the conflict dialog and the merge is stored', async ({
    page,
    context,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    const other = await context.newPage();
    await openApp(page, 'analytics');
    await openApp(other, 'analytics');

    // Second page changes name, domain and the SDK version, and does not save yet (an unchanged
    // page would follow the first page's save by itself).
    await other.getByLabel('Name', { exact: true }).fill('Name from B');
    await other.getByLabel('Domain').fill('b.example.net');
    await other.getByLabel('SDK version').fill('3.0.0');

    // First page saves name and domain; the second keeps its edits on the old version.
    await page.getByLabel('Name', { exact: true }).fill('Name from A');
    await page.getByLabel('Domain').fill('a.example.net');
    const first = page.waitForResponse(isPatchOf('analytics'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await first).status()).toBe(200);
    await expect(other.getByText('Changed in another tab')).toBeVisible();

    const refused = other.waitForResponse(isPatchOf('analytics'));
    await other.getByRole('button', { name: 'Save changes' }).click();
    expect((await refused).status()).toBe(412);

    const dialog = other.getByRole('dialog', { name: 'Someone else saved this app' });
    await expect(dialog).toBeVisible();
    // Cancelling keeps everything typed; saving again asks again.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByLabel('Name', { exact: true })).toHaveValue('Name from B');
    await expect(other.getByLabel('SDK version')).toHaveValue('3.0.0');
    await other.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeVisible();
    // Only the fields both changed are asked about, with both values.
    await expect(dialog.getByRole('group')).toHaveCount(2);
    await expect(dialog.getByRole('group', { name: 'Name' })).toContainText('Name from A');
    await expect(dialog.getByRole('group', { name: 'Name' })).toContainText('Name from B');
    await expect(dialog.getByRole('group', { name: 'SDK version' })).toHaveCount(0);
    // The shared conflict dialog reads well in both themes (accent borders and soft fills).
    for (const colorScheme of ['light', 'dark'] as const) {
      await other.emulateMedia({ colorScheme });
      const results = await new AxeBuilder({ page: other }).include('dialog[open]').analyze();
      expect(results.passes.some((rule) => rule.id === 'color-contrast')).toBe(true);
      expect(seriousOf(results), colorScheme).toEqual([]);
    }

    // Merge: their domain, my name (and my SDK version, which only I changed).
    await dialog.getByRole('radio', { name: 'Domain: theirs' }).check();
    const merged = other.waitForResponse(isPatchOf('analytics'));
    await dialog.getByRole('button', { name: 'Save merge' }).click();
    const response = await merged;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Name from B',
      sdk_version: '3.0.0',
    });
    await expect(dialog).toBeHidden();
    await expect(other.getByText('All changes saved')).toBeVisible();
    await expect(other.getByLabel('Domain')).toHaveValue('a.example.net');

    expect(await (await api('/apps/analytics')).json()).toMatchObject({
      name: 'Name from B',
      domain: 'a.example.net',
      sdk_version: '3.0.0',
      url: 'https://analytics.example.net',
    });
  });

  test('when the other save changed other fields, yours are applied on top without asking', async ({
    page,
    context,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    const other = await context.newPage();
    await openApp(page, 'analytics');
    await openApp(other, 'analytics');

    // The second page's edit comes first, so it stays on the old version (an unchanged page
    // would follow the first page's save by itself).
    await other.getByLabel('SDK version').fill('4.0.0');
    await page.getByLabel('URL', { exact: true }).fill('https://stats.example.net');
    const first = page.waitForResponse(isPatchOf('analytics'));
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect((await first).status()).toBe(200);
    await expect(other.getByText('Changed in another tab')).toBeVisible();

    const refused = other.waitForResponse((r) => isPatchOf('analytics')(r) && r.status() === 412);
    const retried = other.waitForResponse((r) => isPatchOf('analytics')(r) && r.status() === 200);
    await other.getByRole('button', { name: 'Save changes' }).click();
    await refused;
    expect((await retried).request().postDataJSON()).toEqual({ sdk_version: '4.0.0' });
    await expect(other.getByRole('dialog')).toHaveCount(0);
    await expect(other.getByLabel('URL', { exact: true })).toHaveValue('https://stats.example.net');
    expect(await (await api('/apps/analytics')).json()).toMatchObject({
      url: 'https://stats.example.net',
      sdk_version: '4.0.0',
    });
  });

  test('read-only sections: compile errors in full, schedules in words, jobs link to their logs', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'legacy-import');
    const compile = page.getByRole('region', { name: 'Compile status' });
    await expect(compile).toContainText('Compile failed · 2 errors');
    await expect(compile.getByRole('listitem')).toHaveCount(2);
    await expect(compile).toContainText(
      "functions/map-product.js:14:9 ReferenceError: 'legacySku' is not defined",
    );

    await openApp(page, 'storefront');
    const schedules = page.getByRole('region', { name: /Schedules/ });
    await expect(schedules.getByRole('row', { name: /nightly-inventory-sync/ })).toContainText(
      '0 3 * * *',
    );
    await expect(schedules.getByRole('row', { name: /nightly-inventory-sync/ })).toContainText(
      'every day at 03:00',
    );
    await expect(schedules.getByRole('row', { name: /quarter-hour-digest/ })).toContainText(
      'every 15 minutes',
    );
    await page.getByRole('link', { name: 'Logs of job sync-inventory' }).click();
    await expect(page).toHaveURL(/\/apps\/storefront\/logs\?job=sync-inventory$/);
  });

  test('a list of more than 20 rows gets a filter', async ({ page, signIn, server }) => {
    // No API writes functions (they come from compiling); put 25 in the database directly.
    const db = new Database(server.dbPath);
    const updatedAt = new Date().toISOString();
    const functions = Array.from({ length: 25 }, (_, index) => ({
      name: `fn-${String(index + 1).padStart(2, '0')}`,
      updated_at: updatedAt,
    }));
    db.prepare("UPDATE apps SET functions = ? WHERE site_id = ? AND key = 'storefront'").run(
      JSON.stringify(functions),
      server.sites.demo,
    );
    db.close();

    await signIn(page, 'demo', { open: false });
    await openApp(page, 'storefront');
    const section = page.getByRole('region', { name: /Functions/ });
    await expect(section.getByRole('row')).toHaveCount(26);
    await section.getByLabel('Filter functions').fill('fn-1');
    await expect(section.getByRole('row')).toHaveCount(11); // header + fn-10 … fn-19
    await expect(section.getByText('Showing 10 of 25')).toBeVisible();
    // Short lists stay as they are.
    await expect(page.getByRole('region', { name: /Routes/ }).getByRole('searchbox')).toHaveCount(
      0,
    );
  });

  test('leaving with unsaved changes asks first; keeping them keeps the edits', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openApp(page, 'analytics');
    await page.getByLabel('Name', { exact: true }).fill('Half-typed name');

    const breadcrumb = page.getByRole('main').getByRole('link', { name: 'Apps', exact: true });
    await breadcrumb.click();
    const ask = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/apps\/analytics$/);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Half-typed name');

    await breadcrumb.click();
    await ask.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
  });

  test('the apps pages have no serious accessibility violations', async ({ page, signIn }) => {
    async function expectNoSeriousViolations(where: string) {
      expect(seriousOf(await new AxeBuilder({ page }).analyze()), where).toEqual([]);
    }
    await signIn(page, 'demo', { open: false });
    for (const path of ['/apps', '/apps/storefront', '/apps/legacy-import']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
      await expectNoSeriousViolations(path);
    }
    // With the scope list open.
    await page.getByRole('combobox', { name: 'Install scopes' }).click();
    await expect(page.getByRole('listbox', { name: 'Install scopes' })).toBeVisible();
    await expectNoSeriousViolations('scope picker');
  });
});

// The consent settings page against the real service (temp SQLite with the demo seed) in real
// Chromium.
import { readFile } from 'node:fs/promises';
import type { Response } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousInBothThemes } from './axe';
import { openConsent } from './pages';

const isConsentPatch = (response: Response) =>
  response.request().method() === 'PATCH' &&
  new URL(response.url()).pathname === '/api/settings/consent';

test.describe('consent settings', () => {
  test('shows the checks for the demo data, next to what they concern', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);

    const checks = page.getByRole('region', { name: 'Checks' });
    await expect(checks.getByText('2 errors')).toBeVisible();
    await expect(checks.getByText('4 warnings')).toBeVisible();
    // Check 3: required and opt-out; check 5: pre-ticked; check 6: literal pattern and bad path.
    for (const text of [
      '"session" is required and also opt-out',
      '"google-analytics" is not required but on by default',
      '"hotjar" is not required but opt-out',
      'Cookie "_hj*" looks like a pattern but has no leading ^',
      '"hotjar" is opt-out but not on by default',
      'Cookie "VISITOR_INFO1_LIVE" has path "videos", which does not start with /',
    ]) {
      await expect(checks.getByRole('link', { name: text })).toBeVisible();
    }
    // Each line names its check in words, never "check 4".
    await expect(checks).not.toContainText(/check \d/i);
    await expect(checks.getByText('Opt-out defaults')).toBeVisible();

    // Next to the application, with its one-line why.
    const hotjar = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Hotjar' }) });
    await expect(hotjar.getByText('"hotjar" is opt-out but not on by default')).toBeVisible();
    await expect(hotjar.getByText('so this setting has no effect')).toBeVisible();
    await expect(
      hotjar.getByText('Pre-ticked consent is not valid consent under the GDPR'),
    ).toBeVisible();

    // A summary item leads to its item.
    await checks.getByRole('link', { name: /VISITOR_INFO1_LIVE/ }).click();
    const youtubeCookies = page.getByRole('region', { name: 'Cookies of youtube' });
    await expect(youtubeCookies.getByRole('row', { name: /VISITOR_INFO1_LIVE/ })).toBeFocused();
    await expect(youtubeCookies.getByText('Browsers ignore such a path')).toBeVisible();

    // Check 6 accepts the valid ^ pattern.
    await expect(page.getByText('"^_ga.*"')).toHaveCount(0);

    expect(await seriousInBothThemes(page)).toEqual([]);
  });

  test('changes the privacy policy URLs in two languages, saves, and shows them after reload', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    const en = page.getByLabel('Privacy policy URL for en');
    const nl = page.getByLabel('Privacy policy URL for nl');
    await expect(en).toHaveValue('https://demo.example.com/privacy');

    // Validated when the admin leaves the field (issue 17), not while typing.
    await en.fill('http://demo.example.com/privacy');
    await en.blur();
    await expect(en).toHaveAccessibleDescription(/Must be an absolute https URL/);
    await en.fill('https://demo.example.com/legal/privacy');
    await en.blur();
    await expect(en).not.toHaveAttribute('aria-invalid', 'true');
    await nl.fill('/nl/juridisch/privacy');

    const patch = page.waitForResponse(isConsentPatch);
    await page.keyboard.press('ControlOrMeta+s');
    const response = await patch;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['if-match']).toBeTruthy();
    expect(response.request().postDataJSON()).toEqual({
      privacy_policy_url: {
        en: 'https://demo.example.com/legal/privacy',
        nl: '/nl/juridisch/privacy',
      },
    });
    await expect(page.getByText('All changes saved')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Privacy policy URL for en')).toHaveValue(
      'https://demo.example.com/legal/privacy',
    );
    await expect(page.getByLabel('Privacy policy URL for nl')).toHaveValue('/nl/juridisch/privacy');
  });

  test('a double click and Ctrl+S while saving send one request', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    let patches = 0;
    page.on('request', (request) => {
      if (request.method() === 'PATCH') patches += 1;
    });
    await page.getByLabel('Privacy policy URL for nl').fill('/nl/privacy');
    const saved = page.waitForResponse(isConsentPatch);
    await page.getByRole('button', { name: 'Save' }).dblclick();
    await page.keyboard.press('ControlOrMeta+s');
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('All changes saved')).toBeVisible();
    expect(patches).toBe(1);
  });

  test('puts a 422 from the service on the field of its language', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    // The form and the service share one schema, so no value the form accepts is refused. To
    // prove where the service's answer lands, the request is altered on its way to the real
    // service: the nl URL becomes http, which the service answers with a 422 on
    // `privacy_policy_url.nl`.
    await page.route('**/api/settings/consent', async (route) => {
      if (route.request().method() !== 'PATCH') return route.continue();
      const body = route.request().postDataJSON() as { privacy_policy_url: Record<string, string> };
      body.privacy_policy_url.nl = 'http://demo.example.com/nl/privacy';
      await route.continue({ postData: JSON.stringify(body) });
    });

    await page.getByLabel('Privacy policy URL for en').fill('/privacy');
    const patch = page.waitForResponse(isConsentPatch);
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await patch;
    expect(response.status()).toBe(422);
    expect(((await response.json()) as { errors: { field: string }[] }).errors[0]?.field).toBe(
      'privacy_policy_url.nl',
    );

    const nl = page.getByLabel('Privacy policy URL for nl');
    await expect(nl).toHaveAttribute('aria-invalid', 'true');
    await expect(nl).toHaveAccessibleDescription(/Must be an absolute https URL/);
    await expect(nl).toBeFocused();
    await expect(page.getByLabel('Privacy policy URL for en')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
  });

  test('switches the language of the texts in the URL and shows the fallback', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page, '?lang=nl');
    const applications = page.getByRole('region', { name: 'Applications' });
    await expect(applications.getByRole('heading', { name: 'Winkelsessie' })).toBeVisible();

    // A language only the privacy policy has: every other text falls back to en.
    await page.getByRole('button', { name: 'Add language' }).click();
    await page.getByLabel('Language of URL 3').fill('de');
    await page.getByLabel('Privacy policy URL for de').fill('/de/datenschutz');
    await page.getByLabel('Show texts in').selectOption('de');
    await expect(page).toHaveURL(/lang=de/);
    await expect(applications.getByRole('heading', { name: /Shop session/ })).toContainText(
      'no de text; en shown',
    );
    const grid = page.getByRole('table', { name: 'Text per language' });
    await expect(grid.getByRole('columnheader', { name: 'de' })).toBeVisible();
    await expect(grid.getByRole('row', { name: /session: title/ })).toContainText('en shown');

    await page.getByRole('tab', { name: 'Placeholder' }).click();
    const preview = page.getByRole('figure', { name: 'Placeholder of session in de' });
    await expect(preview).toContainText('This content needs your consent for session.');
    await page.getByLabel('Show texts in').selectOption('nl');
    await expect(page.getByRole('figure', { name: 'Placeholder of session in nl' })).toContainText(
      'Toestaan en tonen',
    );
  });

  test('settles a conflict field by field when someone else saved first', async ({
    page,
    context,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    const other = await context.newPage();
    await openConsent(page);
    await openConsent(other);

    // This page changes en only, and does not save yet (an unchanged page would follow the
    // other page's save by itself).
    await page.getByLabel('Privacy policy URL for en').fill('/mine');

    // The other page saves both URLs first; this one keeps its edit on the old version.
    await other.getByLabel('Privacy policy URL for en').fill('/theirs');
    await other.getByLabel('Privacy policy URL for nl').fill('/nl/theirs');
    const first = other.waitForResponse(isConsentPatch);
    await other.getByRole('button', { name: 'Save' }).click();
    expect((await first).status()).toBe(200);
    await expect(page.getByText('Changed in another tab')).toBeVisible();

    const refused = page.waitForResponse(isConsentPatch);
    await page.getByRole('button', { name: 'Save' }).click();
    expect((await refused).status()).toBe(412);
    const dialog = page.getByRole('dialog', { name: 'Someone else changed the privacy policy' });
    await expect(dialog).toBeVisible();
    // Only en is asked about: both changed it.
    await expect(dialog.getByRole('group')).toHaveCount(1);
    await expect(dialog.getByRole('group', { name: 'URL (en)' })).toContainText('/theirs');
    await expect(dialog.getByRole('group', { name: 'URL (en)' })).toContainText('/mine');
    await expect(dialog.getByRole('group', { name: 'URL (nl)' })).toHaveCount(0);

    const merged = page.waitForResponse(isConsentPatch);
    await dialog.getByRole('button', { name: 'Save merge' }).click();
    const response = await merged;
    expect(response.status()).toBe(200);
    expect(response.request().postDataJSON()).toEqual({
      privacy_policy_url: { en: '/mine', nl: '/nl/theirs' },
    });
    await expect(dialog).toBeHidden();
    // Yours for the field both changed, theirs for the one only they changed.
    await expect(page.getByLabel('Privacy policy URL for en')).toHaveValue('/mine');
    await expect(page.getByLabel('Privacy policy URL for nl')).toHaveValue('/nl/theirs');
    await other.reload();
    await expect(other.getByLabel('Privacy policy URL for en')).toHaveValue('/mine');
  });

  test('when someone else changed another language, yours is saved on top without asking', async ({
    page,
    context,
    signIn,
    api,
  }) => {
    await signIn(page, 'demo', { open: false });
    const other = await context.newPage();
    await openConsent(page);
    await openConsent(other);

    // This page's edit comes first, so it stays on the old version.
    await page.getByLabel('Privacy policy URL for en').fill('/mine');
    await other.getByLabel('Privacy policy URL for nl').fill('/nl/theirs');
    const first = other.waitForResponse(isConsentPatch);
    await other.getByRole('button', { name: 'Save' }).click();
    expect((await first).status()).toBe(200);
    await expect(page.getByText('Changed in another tab')).toBeVisible();

    const refused = page.waitForResponse((r) => isConsentPatch(r) && r.status() === 412);
    const retried = page.waitForResponse((r) => isConsentPatch(r) && r.status() === 200);
    await page.getByRole('button', { name: 'Save' }).click();
    await refused;
    expect((await retried).request().postDataJSON()).toEqual({
      privacy_policy_url: { en: '/mine', nl: '/nl/theirs' },
    });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('Privacy policy URL for nl')).toHaveValue('/nl/theirs');
    expect(await (await api('/settings/consent')).json()).toMatchObject({
      privacy_policy_url: { en: '/mine', nl: '/nl/theirs' },
    });
  });

  test('a validation message never moves "Add language" from under the pointer', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    const add = page.getByRole('button', { name: 'Add language' });
    const rows = page.getByRole('combobox', { name: /^Language of URL/ });
    const before = await rows.count();
    await add.click();
    await expect(rows).toHaveCount(before + 1);
    const language = rows.nth(before);
    await language.fill('not a language');
    const box = (await add.boundingBox())!;
    // The blur shows the message; the pointer is already where the button was.
    await language.blur();
    await expect(page.getByText(/language code/i).first()).toBeVisible();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // Before the fix the message pushed the button down and this click landed beside it.
    await expect(rows).toHaveCount(before + 2);
  });

  test('asks before leaving with unsaved changes, and discards on request', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);
    await page.getByRole('radio', { name: /A page of the site/ }).check();
    await page.getByLabel('Page id').fill('privacy');
    // Check 8 follows the form as it is typed: kind page with a page id agrees.
    await expect(
      page.getByText('The privacy policy is a page of the site, but no page id'),
    ).toHaveCount(0);
    await page.getByLabel('Page id').fill('');
    await expect(
      page.getByRole('region', { name: 'Checks' }).getByRole('link', {
        name: 'The privacy policy is a page of the site, but no page id is set',
      }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Apps' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(/\/settings\/consent/);
    await expect(page.getByRole('radio', { name: /A page of the site/ })).toBeChecked();

    await page.getByRole('button', { name: 'Discard' }).click();
    await expect(page.getByRole('radio', { name: /A URL per language/ })).toBeChecked();
    await expect(page.getByText('All changes saved')).toBeVisible();
    await page.getByRole('link', { name: 'Apps' }).click();
    await expect(page).toHaveURL(/\/apps$/);
  });

  test('exports the configuration as JSON and as a Klaro config', async ({ page, signIn }) => {
    await signIn(page, 'demo', { open: false });
    await openConsent(page);

    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    const jsonFile = await json;
    expect(jsonFile.suggestedFilename()).toBe('consent-config.json');
    const exported = JSON.parse(await readFile(await jsonFile.path(), 'utf8')) as {
      applications: { name: string }[];
      privacy_policy_url: Record<string, string>;
    };
    expect(exported.applications.map((app) => app.name)).toContain('hotjar');
    expect(exported.privacy_policy_url.en).toBe('https://demo.example.com/privacy');

    const klaro = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Klaro config' }).click();
    const klaroFile = await klaro;
    expect(klaroFile.suggestedFilename()).toBe('klaro-config.js');
    const script = await readFile(await klaroFile.path(), 'utf8');
    const loaded: { klaroConfig?: { services: { name: string; cookies: unknown[] }[] } } = {};
    // The exported file is a script for the site's page: run it as a page would.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    new Function('window', script)(loaded);
    const ga = loaded.klaroConfig!.services.find((service) => service.name === 'google-analytics')!;
    expect(ga.cookies[0]).toEqual([/^_ga.*/, '/', '.demo.example.com']);
  });

  test('the page is as tall as its content, at 1440 px and on a phone', async ({
    page,
    signIn,
  }) => {
    await signIn(page, 'demo', { open: false });
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openConsent(page);
      const { scrollHeight, contentBottom } = await page.evaluate(() => ({
        scrollHeight: document.documentElement.scrollHeight,
        contentBottom: Math.ceil(
          (document.getElementById('main')?.getBoundingClientRect().bottom ?? 0) + window.scrollY,
        ),
      }));
      expect({ width, overflow: scrollHeight - contentBottom }).toEqual({ width, overflow: 0 });
    }
  });
});

// Issue 38, the layout's own editor page (/notifications/layouts/$slug): the notification editor's
// rooms around a layout — a second language edited in Visual, a draft that survives a reload, Save
// only after the impact review, History's revision restored — and the Code view's {{ content }}
// guard. Each test seeds its own layout in its own demo site (decision 058).
import type { Page } from '@playwright/test';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { expect, test, type ApiFetch } from './fixtures';
import { openLayoutPage } from './layout-pages';

const footer = (text: string) => `<tr><td class="foot"><p>${text}</p></td></tr></table>`;
const HTML = [
  '<table class="shell"><tr><td class="head"><p>Acme header</p></td></tr>',
  '<tr><td class="main" style="padding:24px">{{ content }}</td></tr>',
  footer('Visit us at Main Street 1'),
].join('\n');
const NL_HTML = HTML.replace('Acme header', 'Acme kop').replace(
  'Visit us at Main Street 1',
  'Bezoek ons in Hoofdstraat 1',
);

interface StoredLayout {
  html: string;
  translations: Record<string, { html: string }>;
}

async function seed(api: ApiFetch) {
  const put = async (path: string, body: unknown) => {
    const res = await api(path, { method: 'PUT', body: JSON.stringify(body) });
    expect(res.status, await res.text()).toBe(200);
  };
  await put('/layouts/brand', {
    name: 'Brand',
    html: HTML,
    text: '{{ content }}',
    translations: { nl: { html: NL_HTML } },
  });
  await put('/notifications/welcome', { layout: 'brand' });
}

const stored = async (api: ApiFetch) =>
  (await (await api('/layouts/brand')).json()) as StoredLayout;

const dutch = (page: Page) =>
  page.getByRole('tablist', { name: 'Languages' }).getByRole('tab', { name: /^Dutch/ });

/** Saves through the impact review; answers its summary. */
async function saveReviewed(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  const summary = review.getByRole('status');
  await expect(summary).toHaveText(/e-mails? (in|use)/);
  const said = await summary.textContent();
  await review.getByRole('button', { name: 'Save layout' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  return said;
}

test.beforeEach(async ({ api }) => seed(api));

test('a second language edited in Visual survives a reload, is saved after the review and restored from History', async ({
  page,
  signIn,
  api,
}) => {
  test.slow();
  await signIn(page);
  const editor = await openLayoutPage(page);
  await dutch(page).click();
  await expect(dutch(page)).toHaveAttribute('aria-selected', 'true');
  await editor.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = editor.frameLocator('iframe[title="Visual editor"]');
  await expect(canvas.locator('.main .sc-content-place')).toBeVisible();
  await canvas.getByText('Bezoek ons in Hoofdstraat 1').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await expect(canvas.locator('.foot p')).toHaveText('Bezoek ons in Hoofdstraat 2');
  await expect(editor.getByText('Unsaved changes')).toBeVisible();
  await expect(dutch(page)).toContainText('edited');

  // A reload keeps the edits (written when the page is hidden) and offers them back.
  await page.reload();
  const banner = page.getByRole('region', { name: 'Unsaved draft' });
  await expect(banner).toContainText('You have unsaved changes');
  await banner.getByRole('button', { name: 'Restore draft' }).click();
  await expect(banner).toBeHidden();
  await expect(dutch(page)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'HTML version' })).toContainText('Hoofdstraat 2');
  expect((await stored(api)).translations.nl?.html).toBe(NL_HTML);

  // Save shows the e-mails it changes first: the Dutch welcome only.
  expect(await saveReviewed(page)).toBe('1 e-mail in 1 language changes');
  const saved = await stored(api);
  expect(saved.translations.nl?.html).toBe(NL_HTML.replace('Hoofdstraat 1', 'Hoofdstraat 2'));
  expect(saved.html).toBe(HTML);

  // History: the save is the newest revision; restoring the one before brings the old footer back.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('translations');
  const older = await history
    .getByRole('combobox', { name: 'Version' })
    .locator('option')
    .nth(1)
    .getAttribute('value');
  await history.getByRole('combobox', { name: 'Version' }).selectOption(older ?? '');
  await expect(history.getByRole('region', { name: /^Changes from/ })).toContainText(
    'Hoofdstraat 1',
  );
  await history.getByRole('button', { name: 'Restore this version' }).click();
  await expect(history).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'HTML version' })).toContainText('Hoofdstraat 1');
  await saveReviewed(page);
  expect((await stored(api)).translations.nl?.html).toBe(NL_HTML);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(
    page
      .getByRole('dialog', { name: 'History' })
      .getByRole('list', { name: 'Versions' })
      .getByRole('listitem'),
  ).toHaveCount(3);
});

test('the Code view cannot save a layout without {{ content }}: refused on the field, nothing sent', async ({
  page,
  signIn,
  api,
}) => {
  await signIn(page);
  await openLayoutPage(page);
  await page.getByRole('textbox', { name: 'HTML version' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText('<p>No content here</p>');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'A layout needs one {{ content }}' }),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Review changes' })).toHaveCount(0);
  expect((await stored(api)).html).toBe(HTML);
});

test('the layout page has no serious axe violation in either theme', async ({
  page,
  signIn,
}, info) => {
  test.slow();
  await signIn(page);
  await openLayoutPage(page);
  await dutch(page).click();
  await expect(page.getByRole('textbox', { name: 'HTML version' })).toContainText('Hoofdstraat 1');
  const ourUi = (current: Page) =>
    new AxeBuilder({ page: current }).exclude('iframe[title="Visual editor"]');
  expect(await seriousInBothThemes(page, ourUi)).toEqual([]);
  // Screenshots to look at (the page at both widths in both themes), in the test's output.
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Nothing wider than the window on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: info.outputPath(`layout-page-${width}-${scheme}.png`),
        fullPage: true,
      });
    }
  }
});

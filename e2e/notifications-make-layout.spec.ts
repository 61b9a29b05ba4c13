// Issue 38, "Make a layout from this template": from the editor, the admin names a layout and
// chooses the block that stays; both results and the byte-identical check are shown before
// anything is written; Create makes the layout (each language's header and footer) and leaves the
// template's layout and reduced html as unsaved edits, saved through the review. A taken name or
// slug is said on its field and writes nothing; Cancel changes nothing. Each test seeds its own
// template in its own demo site (decision 058).
import type { Locator, Page } from '@playwright/test';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { expect, test, type ApiFetch } from './fixtures';
import { openEditor } from './pages';

const SLUG = 'welcome';
const frame = (inner: string, street: string) =>
  `<div class="shell"><p class="head">Acme header</p>${inner}<p class="foot">${street}</p></div>`;
const CONTENT = '<div class="main"><p>Hello {{ customer.first_name }}</p></div>';
const CONTENT_NL = '<div class="main"><p>Hallo {{ customer.first_name }}</p></div>';
const HTML = frame(CONTENT, 'Main Street 1');
const HTML_NL = frame(CONTENT_NL, 'Hoofdstraat 1');

async function seed(api: ApiFetch) {
  const res = await api(`/notifications/${SLUG}`, {
    method: 'PUT',
    body: JSON.stringify({ html: HTML, layout: null, translations: { nl: { html: HTML_NL } } }),
  });
  expect(res.status, await res.text()).toBe(200);
}

const layoutSelect = (page: Page) => page.getByRole('combobox', { name: 'Layout' });
const preview = (page: Page) => page.frameLocator('iframe[title="HTML preview"]');

/** Opens the dialog, names the layout and chooses the `.main` block. */
async function startSplit(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Make a layout from this template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a layout from this template' });
  await dialog.getByRole('textbox', { name: 'Layout name' }).fill(name);
  const blocks = dialog.getByRole('combobox', { name: 'Content block' });
  const main = await blocks.locator('option', { hasText: '<div.main>' }).getAttribute('value');
  await blocks.selectOption(main ?? '');
  return dialog;
}

/** The layouts this test made: the demo's own (`store`, from the seed) left out. */
const layoutSlugs = async (api: ApiFetch) =>
  ((await (await api('/layouts')).json()) as Array<{ slug: string }>)
    .map((l) => l.slug)
    .filter((slug) => slug !== 'store')
    .sort();

test.beforeEach(async ({ api }) => seed(api));

test('a layout is made from the template, reviewed first, and the template saved through the review', async ({
  page,
  signIn,
  api,
}) => {
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await expect(layoutSelect(page)).toHaveValue('');
  const dialog = await startSplit(page, 'Brand mail');
  await expect(dialog.getByRole('textbox', { name: 'Slug' })).toHaveValue('brand-mail');
  // Both results and the check, before anything is written.
  await expect(dialog.getByRole('region', { name: 'The new layout' })).toContainText(
    frame('{{ content }}', 'Main Street 1'),
  );
  await expect(dialog.getByRole('region', { name: 'What stays in this template' })).toContainText(
    CONTENT,
  );
  await expect(dialog.getByRole('status')).toHaveText(/byte-identical to before/);
  expect(await layoutSlugs(api)).toEqual([]);

  await dialog.getByRole('button', { name: 'Create layout' }).click();
  await expect(dialog).toBeHidden();
  await expect(layoutSelect(page)).toHaveValue('brand-mail');
  await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
  await expect(preview(page).locator('.shell .head')).toHaveText('Acme header');
  await expect(preview(page).locator('.main')).toHaveText(/^Hello \S+/);

  // The layout is written, with the Dutch footer as its translation; the template is not yet.
  const layout = await (await api('/layouts/brand-mail')).json();
  expect(layout.name).toBe('Brand mail');
  expect(layout.html).toBe(frame('{{ content }}', 'Main Street 1'));
  expect(layout.translations.nl.html).toBe(frame('{{ content }}', 'Hoofdstraat 1'));
  const before = await (await api(`/notifications/${SLUG}`)).json();
  expect(before.html).toBe(HTML);
  expect(before.layout).toBeNull();

  await page.keyboard.press('ControlOrMeta+s');
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toContainText('brand-mail');
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(review).toBeHidden();
  const saved = await (await api(`/notifications/${SLUG}`)).json();
  expect(saved.layout).toBe('brand-mail');
  expect(saved.html).toBe(CONTENT);
  expect(saved.translations.nl.html).toBe(CONTENT_NL);
});

test('a taken name or slug is said on its field and writes nothing', async ({
  page,
  signIn,
  api,
}) => {
  const res = await api('/layouts/brand', {
    method: 'PUT',
    body: JSON.stringify({ name: 'Brand', html: '{{ content }}' }),
  });
  expect(res.status).toBe(200);
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  const dialog = await startSplit(page, 'Brand');
  const name = dialog.getByRole('textbox', { name: 'Layout name' });
  await dialog.getByRole('button', { name: 'Create layout' }).click();
  await expect(name).toHaveAccessibleDescription(/There is already a layout named Brand/);
  await expect(name).toHaveAttribute('aria-invalid', 'true');

  // Another name, but the slug of the existing layout: the service's answer, on the slug.
  await name.fill('Brand two');
  const slug = dialog.getByRole('textbox', { name: 'Slug' });
  await slug.fill('brand');
  await dialog.getByRole('button', { name: 'Create layout' }).click();
  await expect(slug).toHaveAccessibleDescription(/There is already a layout brand/);
  await expect(dialog).toBeVisible();
  expect(await layoutSlugs(api)).toEqual(['brand']);
  expect((await (await api('/layouts/brand')).json()).html).toBe('{{ content }}');
  await expect(layoutSelect(page)).toHaveValue('');
});

test('cancel changes nothing', async ({ page, signIn, api }) => {
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  const dialog = await startSplit(page, 'Brand mail');
  await expect(dialog.getByRole('status')).toHaveText(/byte-identical to before/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(layoutSelect(page)).toHaveValue('');
  await expect(page.getByText(/^Unsaved changes/)).toHaveCount(0);
  await expect(preview(page).locator('.foot')).toHaveText('Main Street 1');
  expect(await layoutSlugs(api)).toEqual([]);
  const after = await (await api(`/notifications/${SLUG}`)).json();
  expect(after.html).toBe(HTML);
});

test('the dialog has no serious axe violation in either theme', async ({ page, signIn }, info) => {
  // Axe over the whole editor is slow on a busy machine (a11y.spec); every wait is a condition.
  test.slow();
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  const dialog = await startSplit(page, 'Brand mail');
  await expect(dialog.getByRole('status')).toHaveText(/byte-identical to before/);
  const ourUi = (current: Page) =>
    new AxeBuilder({ page: current }).exclude('iframe[title="HTML preview"]');
  expect(await seriousInBothThemes(page, ourUi)).toEqual([]);
  // Screenshots to look at (issue 38's dialog at both widths in both themes), in the test's output.
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: info.outputPath(`make-layout-${width}-${scheme}.png`) });
    }
  }
});

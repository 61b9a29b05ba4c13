// Issue 38 in the template editor: the layout a template uses is chosen in the editor, the live
// preview is the one renderer's (template + layout + snippets, in the shown language), the choice
// is saved with the template through the review, survives a reload as a draft, and the test send
// carries it; a snippet in the template renders in the preview, an unknown one is an error on its
// field. Each test seeds its own layout and snippet in its own demo site (decision 058).
import type { Page } from '@playwright/test';
import { boxOf } from './canvas-helpers';
import { holdRequests } from './hold-requests';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { expect, type ApiFetch } from './fixtures';
import { mailTest as test } from './mail-test';
import { memberToken, signInWith } from './members';
import { openEditor, replaceCode } from './pages';

const SLUG = 'welcome';
const LAYOUT_HTML =
  '<div class="shell"><p class="head">Acme header</p>{{ content }}<p class="foot">Visit us at Main Street 1 · {% render "sign" %}</p></div>';

async function seed(api: ApiFetch) {
  const put = async (path: string, body: unknown) => {
    const res = await api(path, { method: 'PUT', body: JSON.stringify(body) });
    expect(res.status, await res.text()).toBe(200);
  };
  await put('/snippets/sign', {
    body: 'The {{ shop.name }} team',
    translations: { nl: { body: 'Het team van {{ shop.name }}' } },
  });
  await put('/layouts/brand', { name: 'Brand', html: LAYOUT_HTML, text: '{{ content }}\n-- Acme' });
  // The demo's welcome is in the demo layout (the seed): each test starts from no layout.
  await put(`/notifications/${SLUG}`, { layout: null });
}

const layoutSelect = (page: Page) => page.getByRole('combobox', { name: 'Layout' });
const preview = (page: Page) => page.frameLocator('iframe[title="HTML preview"]');
const localeTab = (page: Page, name: string) =>
  page
    .getByRole('tablist', { name: 'Languages' })
    .getByRole('tab', { name: new RegExp(`^${name}`) });

test.beforeEach(async ({ api }) => seed(api));

test('the layout is chosen in the editor, previewed with its snippet per language, saved and sent', async ({
  page,
  signIn,
  api,
  sink,
}) => {
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await expect(layoutSelect(page)).toHaveValue('');
  await expect(preview(page).locator('.foot')).toHaveCount(0);
  await layoutSelect(page).selectOption({ label: 'Brand' });
  // The template's own e-mail, inside the layout, with the snippet in the default language.
  await expect(preview(page).locator('.shell .head')).toHaveText('Acme header');
  await expect(preview(page).locator('.foot')).toHaveText(
    /^Visit us at Main Street 1 · The .+ team$/,
  );
  await expect(preview(page).locator('.shell .head + *')).not.toHaveCount(0);
  await localeTab(page, 'Dutch').click();
  await expect(preview(page).locator('.foot')).toHaveText(/· Het team van .+$/);

  await page.keyboard.press('ControlOrMeta+s');
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toContainText('Layout');
  await expect(review).toContainText('brand');
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(review).toBeHidden();
  expect((await (await api(`/notifications/${SLUG}`)).json()).layout).toBe('brand');

  // The test send of the shown language (Dutch) carries the layout and the Dutch snippet.
  await page.getByRole('button', { name: 'Send test to me' }).click();
  await expect.poll(() => sink.messages.length).toBe(1);
  expect(sink.messages[0]?.html).toContain('Visit us at Main Street 1 · Het team van');

  // None again: the preview is the template alone.
  await layoutSelect(page).selectOption({ label: 'None' });
  await expect(preview(page).locator('.foot')).toHaveCount(0);
});

test('a chosen layout survives a reload as a draft', async ({ page, signIn }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await layoutSelect(page).selectOption({ label: 'Brand' });
  await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
  await page.reload();
  await page
    .getByRole('region', { name: 'Unsaved draft' })
    .getByRole('button', { name: 'Restore draft' })
    .click({ timeout: 30_000 });
  await expect(layoutSelect(page)).toHaveValue('brand');
  await expect(preview(page).locator('.foot')).toContainText('Visit us at Main Street 1');
});

test('a snippet in the template renders in the preview; an unknown one is an error on its line', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await replaceCode(
    page,
    'HTML version',
    '<p class="own">Hello</p>\n<p class="s">{% render \'sign\' %}</p>',
  );
  await expect(preview(page).locator('.s')).toHaveText(/^The .+ team$/);
  await replaceCode(page, 'HTML version', '<p class="own">Hello</p>\n{% render \'nope\' %}');
  await expect(page.getByText('There is no snippet named "nope"').first()).toBeVisible();
  await expect(preview(page).locator('.s')).toHaveText(/^The .+ team$/);
});

test('the layout select has no serious axe violation in either theme', async ({ page, signIn }) => {
  // Axe over the whole editor is slow on a busy machine (a11y.spec); every wait is a condition.
  test.slow();
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await layoutSelect(page).selectOption({ label: 'Brand' });
  await expect(page.getByRole('link', { name: 'Edit layout' })).toBeVisible();
  await expect(preview(page).locator('.foot')).toBeVisible();
  // The preview is the admin's own e-mail in a sandboxed frame, which axe cannot enter (a11y.spec).
  const ourUi = (current: Page) =>
    new AxeBuilder({ page: current }).exclude('iframe[title="HTML preview"]');
  expect(await seriousInBothThemes(page, ourUi)).toEqual([]);
});

test('a viewer sees the layout select disabled, and "View layout" opens the layout read-only', async ({
  page,
  server,
  api,
}) => {
  const res = await api(`/notifications/${SLUG}`, {
    method: 'PUT',
    body: JSON.stringify({ layout: 'brand' }),
  });
  expect(res.status).toBe(200);
  await signInWith(page, server, await memberToken(server, 'viewer@example.com', 'viewer'));
  await openEditor(page, SLUG);
  await expect(layoutSelect(page)).toHaveValue('brand');
  await expect(layoutSelect(page)).toBeDisabled();
  await expect(preview(page).locator('.foot')).toContainText('Visit us at Main Street 1');
  // A viewer's ways in (beside the select, on the layout in the canvas) say what the page is for
  // them: read-only, with the way back.
  await expect(page.getByRole('button', { name: 'Visual', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  await expect(canvas.getByRole('button', { name: 'View layout' })).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Edit layout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit layout' })).toHaveCount(0);
  await page.getByRole('link', { name: 'View layout' }).click();
  await expect(page.getByRole('heading', { name: 'Brand', level: 1 })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('You are a viewer on');
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'HTML' })).toHaveAttribute(
    'contenteditable',
    'false',
  );
  await page.getByRole('link', { name: 'Back to Welcome' }).click();
  await expect(layoutSelect(page)).toHaveValue('brand');
  expect(new URL(page.url()).pathname).toMatch(/\/notifications\/welcome$/);
});

for (const { layout, notes } of [
  { layout: null, notes: 0 },
  { layout: 'brand', notes: 1 },
]) {
  test(`nothing in the editor moves when the layouts arrive late (layout ${String(layout)}): a click in the canvas lands where it was aimed`, async ({
    page,
    signIn,
    api,
  }) => {
    const res = await api(`/notifications/${SLUG}`, {
      method: 'PUT',
      body: JSON.stringify({ layout }),
    });
    expect(res.status).toBe(200);
    // The select's code, the canvas's part drawn around it and the site's layouts are held until
    // the canvas is shown (a slow network).
    const release = await holdRequests(
      page,
      /\/api\/layouts(\?.*)?$/,
      /\/assets\/(layout-select|canvas-around)-[^/]*\.js$/,
    );
    await signIn(page, 'demo', { open: false });
    await openEditor(page, SLUG);
    await page.getByRole('button', { name: 'Visual', exact: true }).click();
    const frame = page.locator('iframe[title="Visual editor"]');
    await expect(
      page.frameLocator('iframe[title="Visual editor"]').locator('p').first(),
    ).toBeVisible();
    const before = await boxOf(frame);
    release();
    await expect(layoutSelect(page)).toBeEnabled();
    await expect(layoutSelect(page).locator('option', { hasText: 'Brand' })).toHaveCount(1);
    await expect(page.getByText('Drawn in the layout Brand')).toHaveCount(notes);
    expect((await boxOf(frame)).y).toBe(before.y);
  });
}

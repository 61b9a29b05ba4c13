// Issue 38 in the Visual canvas: a template's layout is drawn around its content, dimmed and
// locked — nothing in it is edited, selected or typed into; a click on it only brings "Edit
// layout", which opens the layout's page in the same tab, and its "Back to …" returns to the
// template with its unsaved edits. The template's source never holds the layout's markup. Each test seeds its own layout in its own demo site (decision 058).
import type { Locator, Page } from '@playwright/test';
import { boxOf } from './canvas-helpers';
import { expect, test, type ApiFetch } from './fixtures';
import { openEditor, showHtmlCode } from './pages';

const SLUG = 'welcome';
const LAYOUT_HTML = [
  '<table class="shell"><tr><td class="head"><p>Acme header</p></td></tr>',
  '<tr><td class="main">{{ content }}</td></tr>',
  '<tr><td class="foot"><p>Visit us at {{ shop.name }}, Main Street 1</p></td></tr></table>',
].join('\n');
const TEMPLATE_HTML = '<p class="own">Hello there, welcome aboard.</p>';

async function seed(api: ApiFetch) {
  const put = async (path: string, body: unknown) => {
    const res = await api(path, { method: 'PUT', body: JSON.stringify(body) });
    expect(res.status, await res.text()).toBe(200);
  };
  await put('/layouts/brand', {
    name: 'Brand',
    html: LAYOUT_HTML,
    text: '{{ content }}',
    translations: { nl: { html: LAYOUT_HTML.replace('Visit us at', 'Bezoek ons in') } },
  });
  await put(`/notifications/${SLUG}`, { layout: 'brand', html: TEMPLATE_HTML });
}

async function openCanvas(page: Page) {
  await openEditor(page, SLUG);
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  await expect(canvas.locator('.sc-layout .foot')).toContainText('Main Street 1');
  return canvas;
}

/** Clicks where `target` is drawn, whatever element the click lands on (an inert one's parent). */
async function pressOn(page: Page, target: Locator, clickCount = 1) {
  const box = await boxOf(target);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { clickCount });
}

async function htmlCode(page: Page): Promise<string> {
  await showHtmlCode(page);
  return (await page.getByRole('textbox', { name: 'HTML version' }).textContent()) ?? '';
}

test.beforeEach(async ({ api }) => seed(api));

test("the layout is drawn around the canvas's content, dimmed, with the shown language's layout", async ({
  page,
  signIn,
}) => {
  await signIn(page, 'demo', { open: false });
  const canvas = await openCanvas(page);
  // The template's own content sits in the layout's content place, editable; the layout is not.
  await expect(canvas.locator('.sc-layout .main .sc-layout-slot .own')).toHaveText(
    'Hello there, welcome aboard.',
  );
  await expect(canvas.locator('.sc-layout-slot .own')).toHaveAttribute('contenteditable', 'true');
  await expect(canvas.locator('.sc-layout [contenteditable="true"]')).toHaveCount(1);
  await expect(canvas.locator('.sc-layout .head')).toContainText('Acme header');
  // Dimmed: the header and footer rows are the layout's parts; the content's way is not.
  await expect(canvas.locator('.sc-layout-part')).toHaveCount(2);
  const opacity = await canvas
    .locator('.sc-layout-part')
    .first()
    .evaluate((row) => getComputedStyle(row).opacity);
  expect(Number(opacity)).toBeLessThan(1);
  // The layout's marks carry no node ids (nothing maps them to the template's source).
  await expect(
    canvas.locator('.sc-layout-part [data-node], .sc-layout-part[data-node]'),
  ).toHaveCount(0);
  // The shop's name is a sample value in the footer, as the e-mail shows it.
  await expect(canvas.locator('.foot')).not.toContainText('{{');

  await page
    .getByRole('tablist', { name: 'Languages' })
    .getByRole('tab', { name: /^Dutch/ })
    .click();
  await expect(canvas.locator('.sc-layout .foot')).toContainText('Bezoek ons in');
});

test('the locked layout cannot be edited: clicks and keys on it only offer "Edit layout"', async ({
  page,
  signIn,
}) => {
  await signIn(page, 'demo', { open: false });
  const canvas = await openCanvas(page);
  const footer = canvas.locator('.sc-layout .foot p');
  const blockPanel = page.getByRole('complementary', { name: 'Block' });
  // A template block selected before: keys meant for the layout never reach it.
  await canvas.locator('.sc-layout-slot .own').click();
  await expect(blockPanel.getByRole('heading', { name: 'Text', exact: true })).toBeVisible();
  // The layout's parts are inert: a click on the footer lands on the layout around it.
  await pressOn(page, footer);
  const edit = canvas.getByRole('button', { name: 'Edit layout' });
  await expect(edit).toBeFocused();
  // Typing, deleting and pasting over the layout change nothing; block selection ignores it.
  await pressOn(page, footer, 2);
  await page.keyboard.type('xyz');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Delete');
  await expect(footer).toHaveText(/^Visit us at .+, Main Street 1$/);
  await expect(canvas.locator('.sc-layout-slot .own')).toHaveText('Hello there, welcome aboard.');
  await expect(page.getByText(/^Unsaved changes/)).toHaveCount(0);

  // The template's own content is still edited in place, and only it reaches the source.
  await canvas.locator('.sc-layout-slot .own').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Enjoy!');
  await expect(canvas.locator('.sc-layout-slot .own')).toHaveText(
    'Hello there, welcome aboard. Enjoy!',
  );
  const code = await htmlCode(page);
  expect(code).toContain('welcome aboard. Enjoy!</p>');
  expect(code).not.toContain('Acme header');
  expect(code).not.toContain('Main Street');
});

test('"Edit layout" opens the layout\'s page in the same tab; back on the template, its unsaved edit is offered and the saved footer drawn', async ({
  page,
  signIn,
  api,
}) => {
  test.slow();
  await signIn(page, 'demo', { open: false });
  const canvas = await openCanvas(page);
  // An edit to the template, then at once to the layout (its draft is written on the way out).
  await canvas.locator('.sc-layout-slot .own').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Enjoy!');
  await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
  await pressOn(page, canvas.locator('.sc-layout .head'));
  await canvas.getByRole('button', { name: 'Edit layout' }).click();

  // The layout's own page, in this tab, with no "discard unsaved changes?" on the way.
  await expect(page.getByRole('heading', { name: 'Brand', level: 1 })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toMatch(/^\/s\/[^/]+\/notifications\/layouts\/brand$/);
  expect(url.searchParams.get('from')).toBe(SLUG);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The footer changed in the layout's Visual canvas, saved through the impact review.
  const editor = page.getByRole('main');
  await editor.getByRole('button', { name: 'Visual', exact: true }).click();
  const layoutCanvas = editor.frameLocator('iframe[title="Visual editor"]');
  await expect(layoutCanvas.locator('.main .sc-content-place')).toBeVisible();
  // At the end of the footer's line, past the shop's name (a Liquid output of its own).
  const foot = layoutCanvas.locator('.foot p');
  const line = await boxOf(foot);
  await foot.click({ position: { x: line.width - 2, y: line.height / 2 } });
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await expect(layoutCanvas.locator('.foot p')).toHaveText(/Main Street 2$/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('status')).toHaveText('1 e-mail in 1 language changes');
  await review.getByRole('button', { name: 'Save layout' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  const stored = (await (await api('/layouts/brand')).json()) as { html: string };
  expect(stored.html).toBe(LAYOUT_HTML.replace('Main Street 1', 'Main Street 2'));

  // Back to the template: its unsaved edit is offered back, inside the layout as now saved.
  await page.getByRole('link', { name: 'Back to Welcome' }).click();
  const banner = page.getByRole('region', { name: 'Unsaved draft' });
  await expect(banner).toContainText('You have unsaved changes');
  await banner.getByRole('button', { name: 'Restore draft' }).click();
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  const back = page.frameLocator('iframe[title="Visual editor"]');
  await expect(back.locator('.sc-layout-slot .own')).toHaveText(
    'Hello there, welcome aboard. Enjoy!',
  );
  await expect(back.locator('.sc-layout .foot')).toContainText('Main Street 2');
  await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
});

test('without a layout the canvas draws the template alone', async ({ page, signIn, api }) => {
  const res = await api(`/notifications/${SLUG}`, {
    method: 'PUT',
    body: JSON.stringify({ layout: null }),
  });
  expect(res.status).toBe(200);
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  await expect(canvas.locator('.own')).toHaveText('Hello there, welcome aboard.');
  await expect(canvas.locator('.sc-layout')).toHaveCount(0);
  // Choosing one draws it at once; None takes it away again.
  await page.getByRole('combobox', { name: 'Layout' }).selectOption({ label: 'Brand' });
  await expect(canvas.locator('.sc-layout .foot')).toContainText('Main Street 1');
  await expect(canvas.locator('.sc-layout-slot .own')).toHaveText('Hello there, welcome aboard.');
  await page.getByRole('combobox', { name: 'Layout' }).selectOption({ label: 'None' });
  await expect(canvas.locator('.sc-layout')).toHaveCount(0);
  await expect(canvas.locator('.own')).toHaveText('Hello there, welcome aboard.');
});

test("the layout comes with the notification: Visual's first drawing already has it around the content", async ({
  page,
  signIn,
}) => {
  await signIn(page, 'demo', { open: false });
  // Fetched while the editor opens, before Visual is asked for (decision 091).
  const part = page.waitForResponse((response) =>
    /\/canvas-around-[^/]*\.js$/.test(response.url()),
  );
  await openEditor(page, SLUG);
  await showHtmlCode(page);
  await part;
  // From the click, each frame until the content is drawn: was the layout drawn with it?
  const layoutWithFirstDrawing = await page.evaluate(`new Promise((resolve) => {
    [...document.querySelectorAll('[aria-pressed]')].find((b) => b.textContent === 'Visual').click();
    function frame() {
      const doc = document.querySelector('iframe[title="Visual editor"]')?.contentDocument;
      if (doc?.querySelector('.own')) return resolve(doc.querySelector('.sc-layout .foot') !== null);
      requestAnimationFrame(frame);
    }
    frame();
  })`);
  expect(layoutWithFirstDrawing).toBe(true);
});

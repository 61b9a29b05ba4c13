// Issue 38's snippets in the Visual canvas: `{% render 'name' %}` is one block (a chip with the
// snippet's name and what it renders, never edited inside, "Edit snippet" opens its editor), and
// "Make a snippet from this block" turns a block into a snippet and its tag as one undo step.
// Each test starts from its own demo site (decision 058); the demo has a `footer` snippet.
import type { Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { openEditor, replaceCode, showHtmlCode } from './pages';

const SLUG = 'welcome';
const PROMO = '<p class="promo">Free shipping at {{ shop.name }} this week</p>';
const TEMPLATE_HTML = `<p class="intro">Hello there, welcome aboard.</p>\n${PROMO}\n<p class="outro">See you soon.</p>`;

async function seed(api: ApiFetch, html: string) {
  const res = await api(`/notifications/${SLUG}`, {
    method: 'PUT',
    body: JSON.stringify({ layout: null, html }),
  });
  expect(res.status, await res.text()).toBe(200);
}

async function openCanvas(page: Page) {
  await openEditor(page, SLUG);
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  await expect(canvas.locator('.intro')).toHaveText('Hello there, welcome aboard.');
  return canvas;
}

async function htmlCode(page: Page): Promise<string> {
  await showHtmlCode(page);
  const code = (await page.getByRole('textbox', { name: 'HTML version' }).textContent()) ?? '';
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  return code;
}

test('a block becomes a snippet, named on the field; the chip shows what it renders', async ({
  page,
  signIn,
  api,
}, info) => {
  // Eight screenshots and the service's round trips on a busy machine.
  test.slow();
  await seed(api, TEMPLATE_HTML);
  await signIn(page);
  const canvas = await openCanvas(page);
  const panel = page.getByRole('complementary', { name: 'Block' });
  await canvas.locator('.promo').click();
  await expect(panel.getByRole('heading', { name: 'Text', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Make a snippet from this block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a snippet from this block' });
  const name = dialog.getByRole('textbox', { name: 'Snippet name' });

  // The service refuses the name: its 422 lands on the field, and nothing is written.
  await name.fill('Shop promo');
  await dialog.getByRole('button', { name: 'Make snippet' }).click();
  await expect(name).toHaveAccessibleDescription(/starting with a letter or digit/);
  // A taken name (the demo's footer) is refused on the field too: nothing is overwritten.
  await name.fill('footer');
  await dialog.getByRole('button', { name: 'Make snippet' }).click();
  await expect(name).toHaveAccessibleDescription(/There is already a snippet footer/);
  expect(((await (await api('/snippets/footer')).json()) as { body: string }).body).not.toBe(PROMO);

  await name.fill('promo');
  await dialog.getByRole('button', { name: 'Make snippet' }).click();
  await expect(dialog).toHaveCount(0);
  // The block is now the snippet's chip, showing what it renders, and it stays selected.
  const chip = canvas.locator('.sc-snippet[data-snippet="promo"]');
  await expect(chip.locator('.sc-snippet-preview')).toContainText('Free shipping at');
  await expect(chip.locator('.sc-snippet-preview')).not.toContainText('{{');
  await expect(panel.getByRole('heading', { name: 'Snippet', exact: true })).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('Undo brings the block back');
  const stored = (await (await api('/snippets/promo')).json()) as { body: string };
  expect(stored.body).toBe(PROMO);
  const code = await htmlCode(page);
  // The code view's text has its lines side by side.
  expect(code).toContain(
    `<p class="intro">Hello there, welcome aboard.</p>{% render 'promo' %}<p class="outro">`,
  );
  expect(code).not.toContain('Free shipping');

  // Screenshots to look at (the chip and its message at both widths in both themes).
  await expect(chip).toBeVisible();
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await chip.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`snippet-chip-${width}-${scheme}.png`) });
    }
  }
});

test('a snippet made from a block is used by another template, whose preview shows it', async ({
  page,
  signIn,
  api,
}) => {
  await seed(api, TEMPLATE_HTML);
  const revisions = async () =>
    ((await (await api(`/notifications/${SLUG}/revisions`)).json()) as unknown[]).length;
  const seeded = await revisions();
  await signIn(page, 'demo', { open: false });
  const canvas = await openCanvas(page);
  // An unsaved edit first: making the snippet must not save the template with it.
  await canvas.locator('.outro').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Bye.');
  const panel = page.getByRole('complementary', { name: 'Block' });
  await canvas.locator('.promo').click();
  await panel.getByRole('button', { name: 'Make a snippet from this block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a snippet from this block' });
  await dialog.getByRole('textbox', { name: 'Snippet name' }).fill('promo-shared');
  await dialog.getByRole('button', { name: 'Make snippet' }).click();
  await expect(canvas.locator('.sc-snippet[data-snippet="promo-shared"]')).toBeVisible();
  // The template is saved once, by Save, with the edit and the tag in the block's place.
  await expect(page.getByRole('dialog', { name: 'Review changes' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toContainText(`{% render 'promo-shared' %}`);
  await review.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  const saved = (await (await api(`/notifications/${SLUG}`)).json()) as { html: string };
  expect(saved.html).toContain(`{% render 'promo-shared' %}`);
  expect(saved.html).toContain('See you soon. Bye.');
  expect(saved.html).not.toContain('Free shipping');
  expect(await revisions()).toBe(seeded + 1);

  // Another template uses the snippet in its code: its preview draws what the snippet renders.
  await openEditor(page, 'order-confirmation');
  await replaceCode(
    page,
    'HTML version',
    `<p class="lead">Thank you for your order.</p>\n{% render 'promo-shared' %}`,
  );
  const preview = page.frameLocator('iframe[title="HTML preview"]');
  await expect(preview.locator('.lead')).toHaveText('Thank you for your order.');
  await expect(preview.locator('.promo')).toHaveText(/^Free shipping at .+ this week$/);
  await expect(preview.locator('.promo')).not.toContainText('{{');
});

test('undoing "make a snippet" brings the block back; the snippet stays', async ({
  page,
  signIn,
  api,
}) => {
  await seed(api, TEMPLATE_HTML);
  await signIn(page);
  const canvas = await openCanvas(page);
  const panel = page.getByRole('complementary', { name: 'Block' });
  await canvas.locator('.promo').click();
  await panel.getByRole('button', { name: 'Make a snippet from this block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a snippet from this block' });
  await dialog.getByRole('textbox', { name: 'Snippet name' }).fill('promo-undo');
  await dialog.getByRole('button', { name: 'Make snippet' }).click();
  await expect(canvas.locator('.sc-snippet[data-snippet="promo-undo"]')).toBeVisible();
  // The template's own paragraph is gone (the chip's preview draws the snippet's, untied).
  await expect(canvas.locator('p.promo[data-node]')).toHaveCount(0);

  // One undo step: the block is back as it was, and nothing else was undone.
  await canvas.locator('.intro').click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(canvas.locator('p.promo[data-node]')).toHaveText(/^Free shipping at .+ this week$/);
  await expect(canvas.locator('.sc-snippet')).toHaveCount(0);
  expect(await htmlCode(page)).toBe(TEMPLATE_HTML.replaceAll('\n', ''));
  expect((await api('/snippets/promo-undo')).status).toBe(200);
});

test('a snippet is one block: never edited inside, deleted whole, "Edit snippet" opens it', async ({
  page,
  signIn,
  api,
}) => {
  await seed(api, '<p class="intro">Hello</p>');
  await signIn(page);
  await openEditor(page, SLUG);
  await replaceCode(
    page,
    'HTML version',
    `<p class="intro">Hello there, welcome aboard.</p>\n{% render 'footer' %}\n<p class="outro">See you soon.</p>`,
  );
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  const chip = canvas.locator('.sc-snippet[data-snippet="footer"]');
  await expect(chip).toContainText('Snippet footer');
  await expect(chip).toHaveAttribute('contenteditable', 'false');
  await expect(chip.locator('[contenteditable="true"]')).toHaveCount(0);
  // What the footer renders is shown, read-only (inert: no caret, no focus).
  await expect(chip.locator('.sc-snippet-preview')).toHaveAttribute('inert', '');
  await expect(chip.locator('.sc-snippet-preview')).not.toBeEmpty();

  // A click selects it as one block; typing there changes nothing.
  const panel = page.getByRole('complementary', { name: 'Block' });
  await chip.locator('.sc-snippet-name').click();
  await expect(panel.getByRole('heading', { name: 'Snippet', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Make a snippet from this block' })).toHaveCount(
    0,
  );
  await page.keyboard.type('xyz');
  await expect(chip).not.toContainText('xyz');
  expect(await htmlCode(page)).toContain(`{% render 'footer' %}`);

  // "Edit snippet" opens the snippet's editor (and selects nothing, deletes nothing).
  await chip.getByRole('button', { name: 'Edit snippet footer' }).click();
  const editor = page.getByRole('dialog', { name: 'Snippet footer' });
  await expect(editor).toBeVisible();
  await editor.getByRole('button', { name: 'Close' }).first().click();
  await expect(editor).toHaveCount(0);

  // Delete takes the whole block away, as one step.
  await chip.locator('.sc-snippet-name').click();
  await expect(panel.getByRole('heading', { name: 'Snippet', exact: true })).toBeVisible();
  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(canvas.locator('.sc-snippet')).toHaveCount(0);
  await expect(canvas.locator('.outro')).toHaveText('See you soon.');
  const code = await htmlCode(page);
  expect(code).not.toContain('render');
  expect(code).toContain('<p class="outro">');
});

// Issue 38, the layout's own editor page in Visual: the notification editor's HTML field (Code and
// Visual over one document) with the layout's `{{ content }}` drawn as a placeholder block that
// no visual edit deletes — refused before it reaches the document, so undo stays as it was.
// Each test seeds its own layout in its own demo site (decision 058).
import type { Locator, Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { boxOf } from './canvas-helpers';
import { openLayoutPage } from './layout-pages';

const LAYOUT_HTML = [
  '<table class="shell"><tr><td class="head"><p>Acme header</p></td></tr>',
  '<tr><td class="main" style="padding:24px">{{ content }}</td></tr>',
  '<tr><td class="foot"><p>Visit us at Main Street 1</p></td></tr></table>',
].join('\n');

async function seed(api: ApiFetch) {
  const res = await api('/layouts/brand', {
    method: 'PUT',
    body: JSON.stringify({ name: 'Brand', html: LAYOUT_HTML, text: '{{ content }}' }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** The layout's editor page (issue 38), in Visual; `editor` is the page's main landmark. */
async function openLayoutVisual(page: Page) {
  const dialog = await openLayoutPage(page);
  await dialog.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = dialog.frameLocator('iframe[title="Visual editor"]');
  return { dialog, canvas };
}

/** Clicks `target`'s top left corner (a cell's padding: the cell itself, not what it holds). */
async function pressCorner(page: Page, target: Locator) {
  const box = await boxOf(target);
  await page.mouse.click(box.x + 4, box.y + 4);
}

test.beforeEach(async ({ api }) => seed(api));

test("the layout's {{ content }} is a placeholder block in Visual that cannot be deleted", async ({
  page,
  signIn,
  api,
}) => {
  await signIn(page, 'demo', { open: false });
  const { dialog, canvas } = await openLayoutVisual(page);
  const place = canvas.locator('.main .sc-content-place');
  await expect(place).toHaveText("Each e-mail's content goes here");

  // The layout's own texts are edited in place, as a template's are.
  await canvas.getByText('Acme header').click();
  await page.keyboard.press('End');
  await page.keyboard.type('!');
  await expect(canvas.locator('.head p')).toHaveText('Acme header!');

  // Deleting the block that holds it is refused, with why; the document is unchanged.
  await pressCorner(page, canvas.locator('.main'));
  const panel = dialog.getByRole('complementary', { name: 'Block' });
  await expect(panel.getByRole('heading', { name: 'Table row' })).toBeVisible();
  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: '{{ content }} stays' })).toBeVisible();
  await expect(place).toBeVisible();
  await expect(canvas.locator('.head p')).toHaveText('Acme header!');

  // Undo takes back the typing (the refused delete never entered the history).
  await canvas.getByText('Acme header!').click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(canvas.locator('.head p')).toHaveText('Acme header');
  await expect(place).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();

  // Code shows the same one document, {{ content }} included.
  await dialog.getByRole('button', { name: 'Code', exact: true }).click();
  await expect(dialog.getByRole('textbox', { name: 'HTML version' })).toContainText(
    '{{ content }}',
  );
  const stored = (await (await api('/layouts/brand')).json()) as { html: string };
  expect(stored.html).toBe(LAYOUT_HTML);
});

test('a layout edited in Visual is reviewed and saved like in Code', async ({
  page,
  signIn,
  api,
}) => {
  await signIn(page, 'demo', { open: false });
  const { dialog, canvas } = await openLayoutVisual(page);
  await canvas.getByText('Visit us at Main Street 1').click();
  await page.keyboard.press('End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await expect(canvas.locator('.foot p')).toHaveText('Visit us at Main Street 2');
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await review.getByRole('button', { name: 'Save layout' }).click();
  await expect(review).toBeHidden();
  await expect(dialog.getByText('Saved', { exact: true })).toBeVisible();
  const stored = (await (await api('/layouts/brand')).json()) as { html: string };
  expect(stored.html).toBe(LAYOUT_HTML.replace('Main Street 1', 'Main Street 2'));
});

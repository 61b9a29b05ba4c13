// A form in a dialog submits itself, never a form of the page behind it (src/components/ui/
// dialog.tsx). React bubbles a submit through the component tree, so a dialog portalled out of
// the template editor's <form> would otherwise also run the editor's onSubmit: Save, which opens
// the review of the unsaved template. Proven on "Make a snippet from this block", submitted with
// Enter in its field as an admin would.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openEditor } from './pages';

const SLUG = 'welcome';
const TEMPLATE_HTML =
  '<p class="intro">Hello there, welcome aboard.</p>\n<p class="promo">Free shipping this week</p>\n<p class="outro">See you soon.</p>';

/** The notification's PUTs from now on (a save of the template). */
function countSaves(page: Page): { readonly count: number } {
  const saves = { count: 0 };
  page.on('request', (request) => {
    if (
      request.method() === 'PUT' &&
      new URL(request.url()).pathname === `/api/notifications/${SLUG}`
    ) {
      saves.count += 1;
    }
  });
  return saves;
}

test('a form in a dialog submits itself, not the editor’s form behind it', async ({
  page,
  signIn,
  api,
}) => {
  const seeded = await api(`/notifications/${SLUG}`, {
    method: 'PUT',
    body: JSON.stringify({ layout: null, html: TEMPLATE_HTML }),
  });
  expect(seeded.status, await seeded.text()).toBe(200);
  await signIn(page, 'demo', { open: false });
  await openEditor(page, SLUG);
  await page.getByRole('button', { name: 'Visual', exact: true }).click();
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  await expect(canvas.locator('.intro')).toHaveText('Hello there, welcome aboard.');

  // An unsaved edit, and the review Save opens for it shown once: it is loaded and mounted, so a
  // submit reaching the editor's form would show it again at once.
  await canvas.locator('.outro').click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Bye.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Keep editing' }).click();
  await expect(review).toHaveCount(0);
  const saves = countSaves(page);

  await canvas.locator('.promo').click();
  const panel = page.getByRole('complementary', { name: 'Block' });
  await panel.getByRole('button', { name: 'Make a snippet from this block' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make a snippet from this block' });
  await dialog.getByRole('textbox', { name: 'Snippet name' }).fill('promo');
  await dialog.getByRole('textbox', { name: 'Snippet name' }).press('Enter');

  // The dialog's own submit made the snippet (two round trips to the service, long after the
  // editor's Save would have opened its review), and nothing else ran.
  await expect(canvas.locator('.sc-snippet[data-snippet="promo"]')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(review).toHaveCount(0);
  await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
  expect(saves.count).toBe(0);
});

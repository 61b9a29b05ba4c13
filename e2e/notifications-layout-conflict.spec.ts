// Issue 38: a layout's page answers a 412 with the template editor's three-way merge. Two tabs
// edit one layout; the second save merges the first tab's edits onto the other's version (a text
// only one side changed goes in by itself), and a text both changed is asked about in the conflict
// dialog, theirs beside yours. Each test seeds its own layout in its own demo site (decision 058).
import type { Page } from '@playwright/test';
import { expect, test, type ApiFetch } from './fixtures';
import { openLayoutPage } from './layout-pages';

const HTML = '<table><tr><td class="main">{{ content }}</td></tr><tr><td>Footer</td></tr></table>';
const TEXT = '{{ content }}\n-- Acme';

interface StoredLayout {
  html: string;
  text: string;
}

test.beforeEach(async ({ api }) => {
  const put = async (path: string, body: unknown) => {
    const res = await api(path, { method: 'PUT', body: JSON.stringify(body) });
    expect(res.status, await res.text()).toBe(200);
  };
  await put('/layouts/brand', { name: 'Brand', html: HTML, text: TEXT });
  await put('/notifications/welcome', { layout: 'brand' });
});

const stored = async (api: ApiFetch) =>
  (await (await api('/layouts/brand')).json()) as StoredLayout;

/** Types at the end of one of the page's code editors. */
async function append(page: Page, field: 'HTML version' | 'Text', text: string) {
  await page.getByRole('textbox', { name: field, exact: true }).click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(text);
  await expect(page.getByText('Unsaved changes')).toBeVisible();
}

/** Save, then "Save layout" in the impact review. */
async function saveThroughReview(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const review = page.getByRole('dialog', { name: 'Review changes' });
  await expect(review.getByRole('status')).toHaveText(/e-mails? (in|use)/);
  await review.getByRole('button', { name: 'Save layout' }).click();
  await expect(review).toBeHidden();
}

test('the second tab to save a layout merges: edits kept, theirs taken, a text both changed asked', async ({
  page,
  context,
  signIn,
  api,
}) => {
  test.slow();
  await signIn(page);
  await openLayoutPage(page);
  const other = await context.newPage();
  await signIn(other);
  await openLayoutPage(other);

  // Different texts: this tab's html and the other's text. The other saves first.
  await append(page, 'HTML version', '<p>Mine</p>');
  await append(other, 'Text', '\nTheirs');
  await saveThroughReview(other);
  await expect(other.getByText('Saved', { exact: true })).toBeVisible();

  // This tab's save meets the 412: merged onto their version, to review and save again.
  await saveThroughReview(page);
  await expect(
    page.getByText('Merged with the version saved elsewhere; review and save.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Someone else saved this layout' })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Text', exact: true })).toContainText('Theirs');
  await expect(page.getByRole('textbox', { name: 'HTML version' })).toContainText('Mine');
  expect((await stored(api)).html).toBe(HTML);
  await saveThroughReview(page);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect(await stored(api)).toMatchObject({ html: `${HTML}<p>Mine</p>`, text: `${TEXT}\nTheirs` });

  // The same text in both tabs: the dialog shows theirs and yours; overwriting keeps yours.
  await other.reload();
  await expect(other.getByRole('textbox', { name: 'HTML version' })).toContainText('Mine');
  await append(other, 'Text', '\nTheirs again');
  await append(page, 'Text', '\nMine again');
  await saveThroughReview(other);
  await expect(other.getByText('Saved', { exact: true })).toBeVisible();
  await saveThroughReview(page);
  const conflict = page.getByRole('dialog', { name: 'Someone else saved this layout' });
  await expect(conflict.getByRole('group', { name: 'Text' })).toContainText('Theirs again');
  await expect(conflict.getByRole('group', { name: 'Text' })).toContainText('Mine again');
  await conflict.getByRole('button', { name: 'Overwrite with yours' }).click();
  await expect(conflict).toBeHidden();
  await expect(
    page.getByText('Merged with the version saved elsewhere; review and save.'),
  ).toBeVisible();
  await saveThroughReview(page);
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await stored(api)).text).toBe(`${TEXT}\nTheirs\nMine again`);
});

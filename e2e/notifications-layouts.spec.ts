// Issue 38 in the browser: a layout's footer changed in its editor shows every e-mail it changes,
// rendered before and after, and only "Save" writes; the test sends then carry the new footer in
// both languages. A viewer sees layouts read-only.
import { expect } from './fixtures';
import { mailTest as test } from './mail-test';
import { memberToken, signInWith } from './members';

const LAYOUT_HTML =
  '<div class="shell">{{ content }}<p class="foot">Visit us at Main Street 1 · {% render "sign" %}</p></div>';

test.beforeEach(async ({ api }) => {
  const put = async (path: string, body: unknown) => {
    const res = await api(path, { method: 'PUT', body: JSON.stringify(body) });
    expect(res.status, await res.text()).toBe(200);
  };
  await put('/snippets/sign', {
    body: 'The {{ shop.name }} team',
    translations: { nl: { body: 'Het team van {{ shop.name }}' } },
  });
  await put('/layouts/brand', { name: 'Brand', html: LAYOUT_HTML, text: '{{ content }}' });
  for (const slug of ['welcome', 'order-confirmation']) {
    await put(`/notifications/${slug}`, { layout: 'brand' });
  }
});

test('changing a layout shows the e-mails it changes, then test sends carry it', async ({
  page,
  signIn,
  api,
  sink,
}) => {
  await signIn(page, 'demo', { open: false });
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'Open layout Brand' }).click();
  await page.getByRole('textbox', { name: 'HTML' }).click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(LAYOUT_HTML.replace('Main Street 1', 'Harbour Road 9'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Review changes' });
  // welcome and order-confirmation, each in en and nl (the demo's translations).
  await expect(dialog.getByRole('status')).toHaveText('4 e-mails in 2 languages change');
  const after = dialog.frameLocator('iframe[title="Welcome (nl) after"]');
  await expect(after.locator('mark[data-diff="added"]').first()).toBeVisible();
  await expect(after.locator('.foot')).toContainText('Harbour Road 9 · Het team van');
  const before = dialog.frameLocator('iframe[title="Welcome (nl) before"]');
  await expect(before.locator('.foot')).toContainText('Main Street 1');
  // Nothing is written before Save.
  const stored = await (await api('/layouts/brand')).json();
  expect(stored.html).toContain('Main Street 1');
  await dialog.getByRole('button', { name: 'Save layout' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  expect((await (await api('/layouts/brand')).json()).html).toContain('Harbour Road 9');

  const send = async (slug: string, locale?: string) => {
    const res = await api(`/notifications/${slug}/test-send`, {
      method: 'POST',
      body: JSON.stringify({ data: { shop: { name: 'Acme' } }, ...(locale ? { locale } : {}) }),
    });
    expect(res.status, await res.text()).toBe(200);
  };
  await send('order-confirmation');
  await send('welcome', 'nl');
  await expect.poll(() => sink.messages.length).toBe(2);
  expect(sink.messages[0]?.html).toContain('Visit us at Harbour Road 9 · The Acme team');
  expect(sink.messages[1]?.html).toContain('Visit us at Harbour Road 9 · Het team van Acme');
});

test('a viewer sees a layout read-only, with why', async ({ page, server }) => {
  await signInWith(page, server, await memberToken(server, 'viewer@example.com', 'viewer'));
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'Open layout Brand' }).click();
  await expect(page.getByRole('note')).toContainText('You are a viewer on');
  await expect(page.getByRole('heading', { name: 'Brand' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'HTML' })).toHaveAttribute(
    'contenteditable',
    'false',
  );
  // History compares versions; only a role that can save restores one.
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  await expect(history.getByRole('region', { name: /^Changes from/ })).toBeVisible();
  await expect(history.getByRole('button', { name: 'Restore this version' })).toHaveCount(0);
});

test('a new snippet is created, written and saved from the notifications page', async ({
  page,
  signIn,
  api,
}) => {
  await signIn(page, 'demo', { open: false });
  await page.goto('/notifications');
  await page.getByRole('button', { name: 'New snippet' }).click();
  const create = page.getByRole('dialog', { name: 'New snippet' });
  await create.getByRole('textbox', { name: 'Name' }).fill('sign');
  await create.getByRole('button', { name: 'Create' }).click();
  // It exists already (beforeEach): "New" never overwrites it.
  await expect(create.getByText('There is already a snippet sign')).toBeVisible();
  await create.getByRole('textbox', { name: 'Name' }).fill('social');
  await create.getByRole('button', { name: 'Create' }).click();
  const editor = page.getByRole('dialog', { name: 'Snippet social' });
  await editor.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.insertText('<a href="https://example.com/follow">Follow us</a>');
  await editor.getByRole('button', { name: 'Review changes' }).click();
  await expect(editor.getByRole('status')).toHaveText('No e-mail changes (0 e-mails use it)');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  expect((await (await api('/snippets/social')).json()).body).toContain('Follow us');
});

// Issue 29 against the real service: a template edited by two users, its History (two versions
// rendered side by side with the changed words marked, the source diff, restoring the older one
// through the usual review and save), and the Activity feed filtered by person.
import type { Page } from '@playwright/test';
import { ADMIN_EMAIL, expect, test, type TestServer } from './fixtures';
import { memberToken } from './members';

const EDITOR = 'editor@example.com';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function putWelcome(server: TestServer, token: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.apiURL}/notifications/welcome`, {
    method: 'PUT',
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Service-Site': server.sites.demo,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

/** Two saves of the welcome mail: the admin's, then the editor's. */
async function editTwice(server: TestServer): Promise<void> {
  await putWelcome(server, await server.token(), {
    html_enabled: true,
    html: '<h1>Welcome</h1><p>Your account is ready today.</p><p>See you soon.</p>',
  });
  await putWelcome(server, await memberToken(server, EDITOR), {
    html: '<h1>Welcome</h1><p>Your account is ready tomorrow morning.</p><p>See you soon.</p>',
  });
}

async function openHistory(page: Page) {
  await page.goto('/notifications/welcome');
  await page.getByRole('button', { name: 'History' }).click();
  const dialog = page.getByRole('dialog', { name: 'History' });
  await expect(dialog.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);
  return dialog;
}

test.describe('template history and activity', () => {
  test('compare two versions rendered, see the source, restore the older one', async ({
    page,
    signIn,
    server,
    api,
  }) => {
    await editTwice(server);
    await signIn(page, 'demo', { open: false });
    const dialog = await openHistory(page);
    await expect(dialog.getByLabel('Newer')).toContainText(server.email(EDITOR));
    await expect(dialog.getByLabel('Older')).toContainText(server.email(ADMIN_EMAIL));

    // Rendered with the same sample: the changed words are marked in place, the rest is not.
    const newer = page.frameLocator(
      `iframe[title^="Rendered #"][title$="${server.email(EDITOR)}"]`,
    );
    await expect(newer.locator('mark[data-diff="added"]')).toHaveText(['tomorrow', 'morning.']);
    await expect(newer.locator('p[data-diff-block]')).toHaveCount(1);
    await expect(newer.locator('h1')).toHaveText('Welcome');
    const older = page.frameLocator(
      `iframe[title^="Rendered #"][title$="${server.email(ADMIN_EMAIL)}"]`,
    );
    await expect(older.locator('mark[data-diff="removed"]')).toHaveText(['today.']);

    await dialog.getByRole('tab', { name: 'Source' }).click();
    const htmlDiff = dialog.getByRole('region', { name: 'HTML version' });
    await expect(htmlDiff.getByText('removed:')).toHaveCount(1);
    await expect(htmlDiff).toContainText('ready tomorrow morning');

    // Restoring loads the older version as unsaved edits; saving goes through the review.
    await dialog.getByRole('tab', { name: 'Rendered' }).click();
    await dialog
      .getByRole('region', { name: new RegExp(escapeRegExp(server.email(ADMIN_EMAIL))) })
      .getByRole('button', { name: 'Restore this version' })
      .click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^Unsaved changes/)).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const review = page.getByRole('dialog', { name: 'Review changes' });
    await expect(review).toContainText('ready today.');
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/api/notifications/welcome',
    );
    await review.getByRole('button', { name: 'Save changes' }).click();
    const put = await saved;
    expect(put.status()).toBe(200);
    expect(put.request().headers()['if-match']).toBeTruthy();

    // A third revision; history is not rewritten.
    const revisions = (await (await api('/notifications/welcome/revisions')).json()) as Array<{
      actor: { email: string };
    }>;
    expect(revisions.map((revision) => revision.actor.email)).toEqual([
      server.email(ADMIN_EMAIL),
      server.email(EDITOR),
      server.email(ADMIN_EMAIL),
    ]);
    const current = (await (await api('/notifications/welcome')).json()) as { html: string };
    expect(current.html).toContain('ready today.');
  });

  test('the Activity page shows both users’ changes and filters by person', async ({
    page,
    signIn,
    server,
  }) => {
    await editTwice(server);
    await signIn(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Changes' }).getByRole('article');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText(server.email(EDITOR));
    await expect(entries.nth(1)).toContainText(server.email(ADMIN_EMAIL));
    await expect(entries.first().getByRole('link', { name: 'Notification welcome' })).toBeVisible();
    await expect(entries.first()).toContainText('html');

    await page.getByLabel('Person').selectOption(server.email(EDITOR));
    await expect(page).toHaveURL(
      new RegExp(`actor=${escapeRegExp(encodeURIComponent(server.email(EDITOR)))}`),
    );
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText(server.email(EDITOR));

    await entries.first().getByRole('link', { name: 'Notification welcome' }).click();
    await expect(page).toHaveURL(/\/notifications\/welcome$/);
  });
});

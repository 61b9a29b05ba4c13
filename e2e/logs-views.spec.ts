// Issue 30: saved log views per user, stored by the service, in the logs toolbar; against the
// real service in real Chromium.
import type { Page } from '@playwright/test';
import { expect, test, type TestServer } from './fixtures';
import { ingestLogs } from './log-entries';
import { openLogs } from './pages';

const APP = 'analytics';

/** A token of another member of the test's demo site (a viewer), minted like `npm run token`. */
function otherUserToken(server: TestServer): Promise<string> {
  return server.token('demo', { email: 'someone-else@example.com', role: 'viewer' });
}

const viewsButton = (page: Page) => page.getByRole('button', { name: /^Saved views/ });

async function openViews(page: Page) {
  await viewsButton(page).click();
  await expect(page.getByRole('menu', { name: 'Saved views' })).toBeVisible();
}

async function saveView(page: Page, name: string) {
  await openViews(page);
  await page.getByRole('menuitem', { name: 'Save view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('View name').fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
}

test.describe('saved log views', () => {
  test('save, reload, apply, update, rename and delete a view; another user does not see it', async ({
    page,
    browser,
    signIn,
    server,
  }) => {
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP, '?level=error&q=timeout&range=1h');
    await expect(viewsButton(page)).toHaveText('Views');

    // Validation on the field before anything is sent.
    await openViews(page);
    await expect(page.getByRole('menuitem')).toHaveText(['Save view…']);
    await page.getByRole('menuitem', { name: 'Save view…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog.getByLabel('View name')).toHaveAccessibleDescription('Name is required');
    await dialog.getByLabel('View name').fill('Timeouts');
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await expect(dialog).toBeHidden();
    await expect(viewsButton(page)).toHaveText('Timeouts');

    // A second view of the same name: the service's 409 lands on the name field.
    await saveView(page, 'Timeouts');
    const again = page.getByRole('dialog', { name: 'Save view' });
    await expect(again.getByLabel('View name')).toHaveAccessibleDescription(
      'You already have a view called "Timeouts"',
    );
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Reload: the view is the service's, and the URL still shows it.
    await page.reload();
    await expect(viewsButton(page)).toHaveText('Timeouts');

    // Elsewhere, then apply it: the URL takes its filters.
    await openLogs(page, APP, '?level=warn');
    await expect(viewsButton(page)).toHaveText('Views');
    await openViews(page);
    await page.getByRole('menuitemradio', { name: 'Timeouts' }).click();
    await expect(page).toHaveURL(/level=error/);
    await expect(page).toHaveURL(/q=timeout/);
    await expect(page).toHaveURL(/range=1h/);
    await expect(page.getByLabel('Level')).toHaveValue('error');
    await expect(viewsButton(page)).toHaveText('Timeouts');

    // Change a filter: the view is "changed" and can be updated with the new filters.
    await page.getByLabel('Level').selectOption('fatal');
    await expect(viewsButton(page)).toHaveText('Timeouts (changed)');
    await openViews(page);
    await page.getByRole('menuitem', { name: 'Update “Timeouts”' }).click();
    await expect(viewsButton(page)).toHaveText('Timeouts');
    await page.reload();
    await expect(viewsButton(page)).toHaveText('Timeouts');

    // Rename.
    await openViews(page);
    await page.getByRole('menuitem', { name: 'Rename “Timeouts”…' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename view' });
    await expect(rename.getByLabel('View name')).toHaveValue('Timeouts');
    await rename.getByLabel('View name').fill('Fatal timeouts');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(viewsButton(page)).toHaveText('Fatal timeouts');

    // Another user of the same site sees none of it.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto(`/#token=${await otherUserToken(server)}&site=${server.sites.demo}`);
    await expect(otherPage).not.toHaveURL(/\/sign-in/);
    await openLogs(otherPage, APP, '?level=fatal&q=timeout&range=1h');
    await expect(viewsButton(otherPage)).toHaveText('Views');
    await openViews(otherPage);
    await expect(otherPage.getByRole('menuitemradio')).toHaveCount(0);
    await other.close();

    // Delete, then undo from the toast, then delete for good.
    await openViews(page);
    await page.getByRole('menuitem', { name: 'Delete “Fatal timeouts”' }).click();
    await expect(viewsButton(page)).toHaveText('Views');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(viewsButton(page)).toHaveText('Fatal timeouts');
    await openViews(page);
    await page.getByRole('menuitem', { name: 'Delete “Fatal timeouts”' }).click();
    await expect(viewsButton(page)).toHaveText('Views');
    await page.reload();
    await openViews(page);
    await expect(page.getByRole('menuitemradio')).toHaveCount(0);
  });

  test('the fields of the window with their top values and counts; a value narrows the list', async ({
    page,
    signIn,
    api,
  }) => {
    await ingestLogs(api, APP, [
      ...Array.from({ length: 5 }, (_, n) => ({
        level: 'info',
        data: { status: 200, step: `ok ${String(n)}` },
      })),
      ...Array.from({ length: 3 }, (_, n) => ({
        level: 'error',
        data: { status: 500, step: `failed ${String(n)}` },
      })),
    ]);
    await signIn(page, 'demo', { open: false });
    await openLogs(page, APP, '?range=1h');
    await expect(page.getByTestId('log-entry-count')).toHaveAttribute('data-count', '8');
    await page.getByRole('button', { name: 'Fields' }).click();
    const panel = page.getByRole('dialog', { name: 'Fields' });
    await panel.getByLabel('Field').selectOption('status');
    const values = panel.getByRole('list', { name: 'Top values of status' });
    await expect(values.getByRole('listitem')).toHaveCount(2);
    await expect(values.getByRole('listitem').nth(0)).toContainText('200');
    await expect(values.getByLabel('5 entries')).toBeVisible();
    await expect(values.getByLabel('3 entries')).toBeVisible();
    await expect(panel.getByTestId('facets-scope')).toHaveText('Top values of 8 entries');
    // An exact condition on the field (decision 055; logs-field-filter.spec.ts has the rest).
    await values.getByRole('button', { name: 'Filter by status 500' }).click();
    await expect(page).toHaveURL(/where=/);
    await expect(page.getByTestId('log-entry-count')).toHaveAttribute('data-count', '3');
  });
});

// Issue 29's Members and Personal access tokens pages in the browser, against the real service.
import { expect, test, type TestServer } from './fixtures';
import { memberToken, signInWith } from './members';

interface MemberRow {
  user_id: number;
  email: string;
  role: string;
}

async function members(server: TestServer, token: string): Promise<MemberRow[]> {
  const response = await fetch(`${server.apiURL}/members`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Service-Site': server.sites.demo },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as MemberRow[];
}

test.describe('Members page', () => {
  test('an admin changes a role and removes a member; the API shows both', async ({
    page,
    server,
  }) => {
    const admin = await memberToken(server, 'boss@example.com', 'admin');
    await memberToken(server, 'ed@example.com', 'editor');
    await memberToken(server, 'vic@example.com', 'viewer');
    await signInWith(page, server, admin);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Members' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();

    await page.getByLabel('Role of ed').selectOption('viewer');
    await expect(page.getByText('ed is now viewer')).toBeVisible();
    await expect
      .poll(
        async () =>
          (await members(server, admin)).find((m) => m.email === server.email('ed@example.com'))
            ?.role,
      )
      .toBe('viewer');

    await page.getByRole('button', { name: 'Remove vic' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Remove vic?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('button', { name: 'Remove vic' })).toHaveCount(0);
    expect((await members(server, admin)).map((m) => m.email)).not.toContain(
      server.email('vic@example.com'),
    );
  });

  test('the last admin cannot be demoted: the control is disabled, and the API answers 409', async ({
    page,
    server,
  }) => {
    const admin = await memberToken(server, 'only@example.com', 'admin');
    await signInWith(page, server, admin);
    const list = await members(server, admin);
    const admins = list.filter((m) => m.role === 'admin');
    // The demo's own membership is an admin too: demote every other admin first, in the API.
    for (const other of admins.filter((m) => m.email !== server.email('only@example.com'))) {
      const demoted = await fetch(`${server.apiURL}/members/${String(other.user_id)}`, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${admin}`,
          'X-Service-Site': server.sites.demo,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ role: 'editor' }),
      });
      expect(demoted.status).toBe(200);
    }
    await page.goto('/settings/members');
    await expect(page.getByLabel('Role of only')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove only' })).toBeDisabled();
    await expect(page.getByText('The last admin cannot be demoted or removed')).toBeVisible();

    const me = list.find((m) => m.email === server.email('only@example.com'));
    const forced = await fetch(`${server.apiURL}/members/${String(me?.user_id)}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${admin}`,
        'X-Service-Site': server.sites.demo,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(forced.status).toBe(409);
    expect(((await forced.json()) as { errors: Array<{ field: string }> }).errors[0]?.field).toBe(
      'role',
    );
  });

  test('a viewer sees the members read-only, with why', async ({ page, server }) => {
    await signInWith(page, server, await memberToken(server, 'look@example.com', 'viewer'));
    await page.goto('/settings/members');
    await expect(page.getByRole('note')).toContainText('You are a viewer on');
    await expect(page.getByRole('cell', { name: server.email('look@example.com') })).toBeVisible();
    await expect(page.getByRole('combobox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  });
});

test.describe('Personal access tokens page', () => {
  test('create a token, copy its secret, use it, revoke it: then it is refused', async ({
    page,
    server,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInWith(page, server, await memberToken(server, 'dev@example.com', 'admin'));
    await page.getByRole('button', { name: 'Account and connection' }).click();
    await page.getByRole('menuitem', { name: 'Personal access tokens' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Personal access tokens' }),
    ).toBeVisible();
    // The token this session uses is marked.
    await expect(page.getByText('This session')).toHaveCount(1);

    await page.getByLabel('Name').fill('CI deploys');
    await page.getByLabel('Expires in').selectOption('7');
    await page.getByRole('button', { name: 'Create token' }).click();
    await expect(page.getByText('it will not be shown again')).toBeVisible();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Copied the token')).toBeVisible();
    const secret = await page.evaluate(() => navigator.clipboard.readText());
    await expect(page.getByTestId('token-secret')).toHaveText(secret);

    const call = () =>
      fetch(`${server.apiURL}/apps`, {
        headers: { Authorization: `Bearer ${secret}`, 'X-Service-Site': server.sites.demo },
      }).then((response) => response.status);
    expect(await call()).toBe(200);

    const row = page.getByRole('row').filter({ hasText: 'CI deploys' });
    await expect(row).toContainText(secret.slice(0, 8));
    await row.getByRole('button', { name: 'Revoke CI deploys' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke “CI deploys”?' });
    await expect(dialog).toContainText('stop working');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'CI deploys' })).toHaveCount(0);
    await expect.poll(call, { timeout: 2000 }).toBe(401);
  });

  test("revoking this session's token says it signs you out, and does", async ({
    page,
    server,
  }) => {
    await signInWith(page, server, await memberToken(server, 'solo@example.com', 'admin'));
    await page.goto('/account/tokens');
    const own = page.getByRole('row').filter({ hasText: 'This session' });
    await own.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('signs you out');
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

test.describe('notification editor for a viewer', () => {
  test('every field, the canvas and the test send are read-only, with why; every tab reads; nothing is sent', async ({
    page,
    server,
  }) => {
    const writes: string[] = [];
    page.on('request', (request) => {
      // The checks of the shown template are a POST that changes nothing (issue 39): not a write.
      const checks = request.url().endsWith('/checks');
      if (request.method() !== 'GET' && !checks)
        writes.push(`${request.method()} ${request.url()}`);
    });
    await signInWith(page, server, await memberToken(server, 'reader@example.com', 'viewer'));
    await page.goto('/notifications/order-confirmation');
    const why = page.getByRole('note').filter({ hasText: 'You are a viewer on' });
    await expect(why).toContainText('ask an admin for the editor role');
    await expect(page.getByRole('button', { name: /^Save/ })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Revert', exact: true })).toBeHidden();
    const form = page.getByRole('form', { name: 'Template' });
    await expect(form.locator('input:enabled, textarea:enabled, select:enabled')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send test to me' })).toBeDisabled();

    // The visual canvas has no editing host, and typing into it changes nothing.
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    await expect(canvas.locator('body')).toContainText(/order/i);
    await expect(canvas.locator('[contenteditable="true"]')).toHaveCount(0);
    await canvas.locator('body').click();
    await page.keyboard.type('zzz');
    await page.keyboard.press('Enter');
    await expect(canvas.locator('body')).not.toContainText('zzz');

    // A code editor, too (the sample's: its section mounts it when opened): not editable.
    await page.getByRole('button', { name: /^Sample data/ }).click();
    const code = page.locator('.cm-content').filter({ visible: true }).first();
    await expect(code).toHaveAttribute('contenteditable', 'false');
    await code.click();
    await page.keyboard.type('zzz');
    await expect(code).not.toContainText('zzz');

    // Reading is not writing: the viewer switches to the HTML's code and to the text version
    // (tabs and modes are not form controls), and reads both, not editable.
    const body = page.getByRole('tablist', { name: 'Message body' });
    await page
      .getByRole('group', { name: 'HTML editing mode' })
      .getByRole('button', { name: 'Code', exact: true })
      .click();
    const htmlCode = page.getByRole('tabpanel', { name: 'HTML' }).locator('.cm-content');
    await expect(htmlCode).toContainText('{{');
    await expect(htmlCode).toHaveAttribute('contenteditable', 'false');
    await body.getByRole('tab', { name: 'Text' }).click();
    await expect(body.getByRole('tab', { name: 'Text' })).toHaveAttribute('aria-selected', 'true');
    const text = page.getByRole('tabpanel', { name: 'Text' }).locator('.cm-content');
    await expect(text).toContainText('{{');
    await expect(text).toHaveAttribute('contenteditable', 'false');
    await text.click();
    await page.keyboard.type('zzz');
    await expect(text).not.toContainText('zzz');
    // "Generate text from HTML" writes the text: still refused to a viewer.
    await expect(page.getByRole('button', { name: 'Generate text from HTML' })).toBeDisabled();

    await expect(page.getByText(/^Unsaved changes/)).toHaveCount(0);
    expect(writes).toEqual([]);
  });
});

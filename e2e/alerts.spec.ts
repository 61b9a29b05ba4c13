// Issue 41 in the browser: alerts on the logs, against the real service in real Chromium. An
// alert made from a log view, simulated on the volume chart, saved, edited through a 422, and
// read by a viewer. Entries for the simulation are written at a chosen minute straight into the
// service's SQLite file (ingestion stamps the commit time; a simulation counts whole minutes).
import { toLogRow } from '../server/logs/store/app-logs-rows';
import { placeLogRows } from '../server/logs/store/app-logs-write';
import { openDatabase } from '../server/database/db';
import { expect, test, type ApiFetch, type TestServer } from './fixtures';
import { memberToken, signInWith } from './members';
import { openLogs } from './pages';

const APP = 'analytics';
const MINUTE_US = 60_000_000;

/** `count` errors saying "payment provider timeout", all in the minute 20 minutes ago. */
async function placeTimeouts(server: TestServer, count: number) {
  const thisMinuteUs = Math.floor((Date.now() * 1000) / MINUTE_US) * MINUTE_US;
  const db = openDatabase(server.dbPath);
  try {
    const app = await db
      .selectFrom('apps')
      .select('id')
      .where('site_id', '=', server.sites.demo)
      .where('key', '=', APP)
      .executeTakeFirstOrThrow();
    await placeLogRows(
      db,
      Array.from({ length: count }, (_, n) =>
        toLogRow(
          app.id,
          { level: 'error', data: { message: `payment provider timeout ${n}` } },
          thisMinuteUs - 20 * MINUTE_US + n,
        ),
      ),
    );
  } finally {
    await db.destroy();
  }
}

async function createAlertByApi(api: ApiFetch, name: string): Promise<number> {
  const response = await api('/alerts', {
    method: 'POST',
    body: JSON.stringify({
      name,
      app: APP,
      level: 'error',
      condition: { op: '>', threshold: 10, window_minutes: 5 },
      every_minutes: 1,
      notify: {},
      enabled: true,
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

test.describe('alerts', () => {
  test('an alert made from a log view, simulated on the chart, saved, and edited through a 422', async ({
    page,
    signIn,
    server,
    api,
  }) => {
    await placeTimeouts(server, 12);
    // A member to notify, removed before the edit is saved: the service's 422 on the field.
    await memberToken(server, 'ed@example.com', 'editor');
    const ed = server.email('ed@example.com');
    await signIn(page, 'demo', { open: false });

    await openLogs(page, APP, '?level=error&q=timeout');
    await page.getByRole('link', { name: 'Alert on this view' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New alert' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('error “timeout” in analytics');
    await expect(page.getByLabel('App', { exact: true })).toHaveValue(APP);
    await expect(page.getByLabel('Level', { exact: true })).toHaveValue('error');
    await expect(page.getByRole('textbox', { name: /^Search\s*\(optional\)$/ })).toHaveValue(
      'timeout',
    );

    await page.getByLabel('Threshold').fill('5');
    await page.getByLabel('Window (minutes)').fill('5');
    const simulated = page.waitForResponse(
      (response) => response.url().endsWith('/alerts/simulate') && response.status() === 200,
    );
    await page.getByRole('button', { name: 'Simulate' }).click();
    const body = (await (await simulated).request().postDataJSON()) as Record<string, unknown>;
    expect(body).toMatchObject({ app: APP, level: 'error', q: 'timeout' });
    // Five windows of five minutes hold the burst; the first of them fires, once.
    await expect(page.getByRole('img', { name: /^Simulation chart/ })).toBeVisible();
    await expect(page.getByText('In the last 24 hours it would have fired once.')).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Would have fired' }).getByRole('listitem'),
    ).toHaveCount(1);

    // Unsaved work survives a reload.
    await page.getByRole('checkbox', { name: ed }).check();
    await page.reload();
    await expect(page.getByLabel('Threshold')).toHaveValue('5');
    await expect(page.getByRole('checkbox', { name: ed })).toBeChecked();
    await expect(page.getByText('Your unsaved alert was restored.')).toBeVisible();

    await page.getByRole('button', { name: 'Create alert' }).click();
    await expect(page).toHaveURL(/\/alerts\/\d+$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'error “timeout” in analytics' }),
    ).toBeVisible();

    // Ed leaves the site; saving an edit that still tells Ed is refused on the field.
    const members = (await (await api('/members')).json()) as Array<{
      user_id: number;
      email: string;
    }>;
    const edId = members.find((member) => member.email === ed)?.user_id;
    expect(edId).toBeDefined();
    expect((await api(`/members/${String(edId)}`, { method: 'DELETE' })).status).toBe(204);
    await page.getByLabel('Threshold').fill('8');
    await page.getByRole('button', { name: 'Save' }).click();
    const emails = page.getByRole('group', { name: 'E-mail members' });
    await expect(emails).toHaveAttribute('aria-invalid', 'true');
    await expect(emails.getByText(/member/i).last()).toBeVisible();
    await expect(page.getByLabel('Threshold')).toHaveValue('8');

    await page.getByRole('checkbox', { name: ed }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('All changes saved')).toBeVisible();

    // The list says the rule in words; this server does not evaluate yet, or it says a state.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    const row = page.getByRole('table', { name: 'Alerts' }).getByRole('row', {
      name: /error “timeout” in analytics/,
    });
    await expect(row).toContainText(
      'More than 8 error entries of Analytics Connector matching “timeout” in 5 minutes, checked every minute',
    );
    await expect(row).toContainText(/Not evaluated|OK|Firing|No data/);
  });

  test('a viewer reads alerts and cannot change them', async ({ page, server, api }) => {
    const id = await createAlertByApi(api, 'Error spike');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
    });
    await signInWith(page, server, await memberToken(server, 'viewer@example.com', 'viewer'));

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Alerts' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New alert' })).toHaveCount(0);
    await page
      .getByRole('table', { name: 'Alerts' })
      .getByRole('link', { name: 'Error spike' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/alerts/${String(id)}$`));
    await expect(page.getByRole('note').filter({ hasText: 'You are a viewer on' })).toBeVisible();
    await expect(page.getByLabel('Name')).toBeDisabled();
    await expect(page.getByLabel('Threshold')).toHaveValue('10');
    await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    await openLogs(page, APP);
    await expect(page.getByRole('link', { name: 'Alert on this view' })).toHaveCount(0);
    expect(writes).toEqual([]);
  });
});

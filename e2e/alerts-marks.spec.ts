// Issue 41 in the browser: an alert's firing and resolution drawn on the log viewer's volume
// chart, each a mark a reader reaches (its name says alert, state and count), in both themes.
// The evaluations are written with the evaluator's own store function straight into the
// service's SQLite file, at chosen minutes (the service's evaluator runs on the real clock).
import { writeEvaluation } from '../server/alerts/store/alert-states';
import { openDatabase } from '../server/database/db';
import type { Locator } from '@playwright/test';
import { AxeBuilder, seriousInBothThemes } from './axe';
import { expect, test, type TestServer } from './fixtures';
import { openLogs } from './pages';

const APP = 'analytics';
const MINUTE_MS = 60_000;

/** The alert was evaluated at these minutes ago with these states and counts. */
async function writeEvaluations(
  server: TestServer,
  id: number,
  evaluations: { minutesAgo: number; state: 'ok' | 'firing'; count: number }[],
) {
  const thisMinute = Math.floor(Date.now() / MINUTE_MS);
  const db = openDatabase(server.dbPath);
  try {
    for (const { minutesAgo, state, count } of evaluations) {
      const end = thisMinute - minutesAgo;
      await writeEvaluation(db, {
        alert: { id, site_id: server.sites.demo },
        state,
        count,
        threshold: 10,
        windowStartMinute: end - 5,
        windowEndMinute: end,
        countedSinceMinute: null,
        at: new Date(end * MINUTE_MS + 2000).toISOString(),
        fired: state === 'firing',
      });
    }
  } finally {
    await db.destroy();
  }
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the page');
  return box;
}

test('an alert fired and resolved shows as marks on the log volume, named and in both themes', async ({
  page,
  signIn,
  server,
  api,
}) => {
  const created = await api('/alerts', {
    method: 'POST',
    body: JSON.stringify({
      name: 'Payment timeouts',
      app: APP,
      level: 'error',
      condition: { op: '>', threshold: 10, window_minutes: 5 },
      every_minutes: 1,
      notify: {},
      enabled: true,
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await writeEvaluations(server, id, [
    { minutesAgo: 40, state: 'ok', count: 0 },
    { minutesAgo: 20, state: 'firing', count: 12 },
    { minutesAgo: 10, state: 'ok', count: 1 },
  ]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await openLogs(page, APP, '?range=1h');
  const marks = page.getByRole('list', { name: 'Alert marks' }).getByRole('button');
  // The first evaluation (into ok) is no change of alerting: two marks.
  await expect(marks).toHaveCount(2);
  await expect(marks.nth(0)).toHaveAccessibleName(/ · Payment timeouts: firing, 12 entries$/);
  await expect(marks.nth(1)).toHaveAccessibleName(/ · Payment timeouts: ok, 1 entry$/);
  await expect(marks.nth(0)).toHaveAttribute('data-alert-mark', 'fired');
  await expect(marks.nth(1)).toHaveAttribute('data-alert-mark', 'resolved');

  // The firing mark sits left of the resolved one, over the chart.
  const chart = page.getByTestId('log-volume-chart');
  const box = await boxOf(chart);
  const fired = await boxOf(marks.nth(0));
  const resolved = await boxOf(marks.nth(1));
  expect(fired.x).toBeLessThan(resolved.x);
  expect(fired.x).toBeGreaterThan(box.x);
  expect(resolved.x + resolved.width / 2).toBeLessThan(box.x + box.width);

  // Focus (or hover) says it in the chart's line.
  const line = page.locator('figure output');
  await marks.nth(0).focus();
  await expect(line).toHaveText(/Payment timeouts: firing, 12 entries/);
  await marks.nth(0).blur();
  await expect(line).not.toHaveText(/Payment timeouts/);
  await marks.nth(1).hover();
  await expect(line).toHaveText(/Payment timeouts: ok, 1 entry/);

  const figure = page.locator('figure').filter({ has: chart });
  expect(
    await seriousInBothThemes(page, (current) =>
      new AxeBuilder({ page: current }).include('figure'),
    ),
  ).toEqual([]);
  await figure.screenshot({ path: test.info().outputPath('alert-marks-1440-light.png') });
  await page.emulateMedia({ colorScheme: 'dark' });
  // The chart is drawn again for the theme; the marks with it.
  await expect(marks).toHaveCount(2);
  await figure.screenshot({ path: test.info().outputPath('alert-marks-1440-dark.png') });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(marks).toHaveCount(2);
  await figure.screenshot({ path: test.info().outputPath('alert-marks-375-dark.png') });
  await page.emulateMedia({ colorScheme: 'light' });
  await figure.screenshot({ path: test.info().outputPath('alert-marks-375-light.png') });
});

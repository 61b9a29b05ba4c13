/**
 * Waiting tails answered from commits (decision 027) answer exactly what the query reads: every
 * answer equals `queryLogs` for its filter at the moment it is given, no wait ends while its
 * page holds nothing newer than `since` (unless full), and none stays waiting when it does.
 * Random filters (level, job, `q`, small limits so bursts overflow pages), cursors at entries
 * already delivered or anywhere, and commits heard with their rows or without (another
 * process's), against the real store.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLogQuery } from '../routes/log-query-params';
import { queryLogs, queryTailPage } from '../store/app-logs-read';
import type { LogIngestEntry } from '../store/app-logs-rows';
import { insertLogs } from '../store/app-logs-write';
import type { LogPage } from '../store/app-logs-page';
import { insertApp } from '../../apps/store/apps';
import { entriesOf } from '../store/log-store-database.test-helper';
import type { Db } from '../../database/schema';
import { createTestDatabase, type TestDatabase } from '../../database/test-database.test-helper';
import { appFixture } from '../../platform/test-support.test-helper';
import { InProcessLogNotifier } from './log-notifier';
import { LogTailWaits } from './log-waits';
import type { Departure, WaitFilter } from './log-wait-types';

let database: TestDatabase;
let db: Db;
let apps = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db
    .insertInto('sites')
    .values({ id: 'site', name: 'Site', created_at: '2026-01-01T00:00:00.000Z' })
    .execute();
});

afterAll(async () => {
  await database.destroy();
});

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
const entryArb: fc.Arbitrary<LogIngestEntry> = fc.record({
  level: fc.constantFrom(...LEVELS),
  data: fc.constantFrom('Payment failed', 'order shipped', 'retry', 'Café ouvert'),
  context: fc.constantFrom(undefined, { job: { name: 'sync' } }, { job: { name: 'mail' } }),
});

const queryArb = fc.record(
  {
    level: fc.constantFrom('info', 'warn'),
    job: fc.constantFrom('sync', 'mail'),
    q: fc.constantFrom('fail', 'café', 'level:error', 'order level>=warn'),
    limit: fc.constantFrom('1', '2', '3', '5'),
  },
  { requiredKeys: ['limit'] },
);

type Op =
  | { kind: 'commit'; entries: LogIngestEntry[]; heard: boolean }
  | { kind: 'wait'; query: Record<string, string>; cursor: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('commit' as const),
    entries: fc.array(entryArb, { minLength: 1, maxLength: 7 }),
    heard: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('wait' as const), query: queryArb, cursor: fc.nat(40) }),
);

const staying: Departure = { gone: false, listen: () => () => undefined };

interface Pending {
  filter: WaitFilter;
  page: LogPage | null;
  checked: boolean;
}

function endsWait(page: LogPage, filter: WaitFilter): boolean {
  return (page.newestUs !== null && page.newestUs > filter.sinceUs) || page.count >= filter.limit;
}

async function run(ops: readonly Op[]): Promise<void> {
  apps += 1;
  const appId = await insertApp(db, 'site', appFixture(`prop-${apps}`));
  const notifier = new InProcessLogNotifier();
  let inFlight = 0;
  const waits = new LogTailWaits(notifier, async (id, filter) => {
    inFlight += 1;
    try {
      return await queryTailPage(db, id, filter);
    } finally {
      inFlight -= 1;
    }
  });
  const times: number[] = [];
  const pending: Pending[] = [];

  /** Lets queries and answers settle; then every new answer is compared with the query. */
  async function settle(closing = false): Promise<void> {
    do await new Promise((resolve) => setImmediate(resolve));
    while (inFlight > 0);
    await new Promise((resolve) => setImmediate(resolve));
    for (const each of pending) {
      if (!each.page || each.checked) continue;
      each.checked = true;
      expect(each.page).toEqual(await queryLogs(db, appId, each.filter));
      if (!closing) expect(endsWait(each.page, each.filter)).toBe(true);
    }
  }

  for (const op of ops) {
    if (op.kind === 'commit') {
      const { page, commit } = await insertLogs(db, appId, op.entries);
      times.push(...entriesOf(page).map((entry) => Math.round(entry.time * 1e6)));
      notifier.notify(appId, op.heard ? commit : null);
    } else {
      const filter = parseLogQuery(op.query);
      // A delivered entry's time (what a tail sends), or just past the newest.
      const sinceUs = times[op.cursor % (times.length + 1)] ?? (times.at(-1) ?? 0) + 1;
      const waitFilter = { ...filter, sinceUs };
      const entry: Pending = { filter: waitFilter, page: null, checked: false };
      pending.push(entry);
      void waits.page(appId, waitFilter, 60_000, staying).then((page) => {
        entry.page = page;
      });
    }
    await settle();
  }
  // Nothing still waiting should have been answered by now.
  for (const each of pending) {
    if (each.page) continue;
    expect(endsWait(await queryLogs(db, appId, each.filter), each.filter)).toBe(false);
  }
  waits.close();
  await settle(true);
  expect(pending.every((each) => each.checked)).toBe(true);
}

describe('LogTailWaits answered from commits', () => {
  it('answers what the query reads, when the query would end the wait', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 40 }), run), {
      numRuns: 60,
    });
    // Sixty runs of up to forty statements each, every one awaited: on PostgreSQL on a loaded
    // machine that is more than the 20 s default.
  }, 120_000);

  it('applies a commit that lands between the two reads of its query once', async () => {
    apps += 1;
    const appId = await insertApp(db, 'site', appFixture(`between-${apps}`));
    const notifier = new InProcessLogNotifier();
    const waits = new LogTailWaits(notifier, (id, filter) => queryTailPage(db, id, filter));
    const ask = (sinceUs: number) =>
      waits.page(appId, { ...parseLogQuery({}), sinceUs }, 60_000, staying);
    const [held] = entriesOf((await insertLogs(db, appId, [{ level: 'info', data: 'held' }])).page);
    const heldUs = Math.round((held?.time ?? 0) * 1e6);
    // The follow starts with a query (the app's newest time, then the page); this commit is
    // written between the two (SQLite runs one statement at a time, in the order asked).
    const first = ask(heldUs);
    const between = await insertLogs(db, appId, [{ level: 'info', data: 'between' }]);
    notifier.notify(appId, between.commit);
    expect((await first).json).toBe(
      (await queryLogs(db, appId, parseLogQuery({ since: String(held?.time) }))).json,
    );
    const betweenSince = String(entriesOf(between.page)[0]?.time);
    const second = ask(Math.round(Number(betweenSince) * 1e6));
    const after = await insertLogs(db, appId, [{ level: 'info', data: 'after' }]);
    notifier.notify(appId, after.commit);
    expect((await second).json).toBe(
      (await queryLogs(db, appId, parseLogQuery({ since: betweenSince }))).json,
    );
    waits.close();
  });
});

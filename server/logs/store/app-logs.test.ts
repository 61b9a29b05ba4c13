import fc from 'fast-check';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, type SqliteDatabase } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS, type AppLogEntry, type LogLevel } from '../../../contract/schemas/app-log';
import type { Database, Db } from '../../database/schema';
import { parseLogQuery, type RawLogQuery } from '../routes/log-query-params';
import type { LogFilter } from './app-logs-filter';
import { formatLogId, pageOfEntries } from './app-logs-page';
import { queryLogs } from './app-logs-read';
import { selectLogs } from './app-logs-select';
import { toLogRow, type LogIngestEntry } from './app-logs-rows';
import { placeLogRows, insertLogs, pruneLogs } from './app-logs-write';
import { errorAnswer, HttpError } from '../../http/errors';
import { SearchBudgetExhausted } from '../../database/search-budget-exhausted';
import { indexPendingLogs } from '../search/log-search-indexer';
import { createLogApp, entriesOf, useLogStoreDatabase } from './log-store-database.test-helper';
import { testEngine, type TestDatabase } from '../../database/test-database.test-helper';
import { sqliteDialect } from '../../database/sqlite-connection';

let database: TestDatabase;
let db: Db;
useLogStoreDatabase((opened) => {
  database = opened;
  db = opened.db;
});
const createApp = () => createLogApp(db);

// ---------------------------------------------------------------------------------------------
// Generators. Words mix case and non-ASCII letters so "case-insensitive" is really exercised.
const WORDS = [
  'Payment',
  'failed',
  'ORDER',
  'shipped',
  'Ünïcode',
  'ÉCHEC',
  'user',
  'retry',
  'Café',
  'timeout',
];
const JOBS = ['sync-orders', 'send-mail', 'Sync-Orders'];
const BASE_US = 1_763_700_000_000_000; // 2025-11-21, a fixed origin for generated times
const SPAN_US = 3 * 24 * 3600 * 1_000_000; // entries over 3 days so the 24 h `q` window matters

const wordArb = fc.constantFrom(...WORDS);
const textArb = fc.array(wordArb, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const contextArb = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.record({ job: fc.record({ name: fc.constantFrom(...JOBS) }), attempt: fc.nat(3) }),
  fc.record({ request_id: textArb }),
);
const entryArb: fc.Arbitrary<LogIngestEntry> = fc.record({
  level: fc.constantFrom(...LOG_LEVELS),
  data: fc.oneof(textArb, fc.record({ message: textArb, count: fc.nat(100) })),
  context: contextArb,
});
const timedEntriesArb = fc.uniqueArray(
  fc.record({
    entry: entryArb,
    // spread over the span, or in runs of consecutive microseconds as a batch commits them
    offsetUs: fc.oneof(
      { weight: 2, arbitrary: fc.integer({ min: 0, max: SPAN_US }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 8 }))
          .map(([run, k]) => (run * SPAN_US) / 3 + k),
      },
    ),
  }),
  { minLength: 5, maxLength: 80, selector: (item) => item.offsetUs },
);

/** Random casing of a word, so the query's case differs from the entry's. */
const casedArb = (text: string) =>
  fc.array(fc.boolean(), { minLength: text.length, maxLength: text.length }).map((flags) =>
    Array.from(text)
      .map((ch, i) => (flags[i] ? ch.toUpperCase() : ch.toLowerCase()))
      .join(''),
  );
const termArb = fc.oneof(
  wordArb.chain(casedArb),
  // a substring of a word ("ymen" of "Payment"): a search is by substring, not whole word
  wordArb.chain((word) =>
    fc
      .integer({ min: 0, max: word.length - 2 })
      .map((start) => word.slice(start, start + 3))
      .chain(casedArb),
  ),
);

interface Structured {
  since?: { seconds: number; iso: boolean };
  before?: { seconds: number; iso: boolean };
  level?: string;
  job?: string;
  words: string[];
  phrases: string[];
  levels: string[];
  /** `level>=NAME` tokens of `q`. */
  atLeast: string[];
  limit?: string;
}

function boundArb(pickTimes: number[]) {
  return fc
    .oneof(
      // exactly an entry's time (the inclusive/exclusive edge), or any float in the span
      ...(pickTimes.length > 0 ? [fc.constantFrom(...pickTimes).map((us) => us / 1e6)] : []),
      fc.integer({ min: -3600e6, max: SPAN_US + 3600e6 }).map((off) => (BASE_US + off) / 1e6),
      fc.double({ min: BASE_US / 1e6, max: (BASE_US + SPAN_US) / 1e6, noNaN: true }),
    )
    .chain((seconds) => fc.record({ seconds: fc.constant(seconds), iso: fc.boolean() }))
    .map(({ seconds, iso }) => ({
      // an ISO bound has millisecond precision; keep the exact value the string denotes
      seconds: iso ? Math.floor(seconds * 1000) / 1000 : seconds,
      iso,
    }));
}

/** Each part is present only sometimes, so most filters still match some entries. */
function sometimes<T>(arb: fc.Arbitrary<T>, percent: number): fc.Arbitrary<T | undefined> {
  return fc.oneof(
    { weight: 100 - percent, arbitrary: fc.constant(undefined) },
    { weight: percent, arbitrary: arb },
  );
}

function filterArb(pickTimes: number[]): fc.Arbitrary<Structured> {
  // `before` also lands exactly 24 h after an entry: the edge of the `q` window.
  const windowEdges = pickTimes.map((us) => us + 86_400e6);
  return fc
    .record({
      since: sometimes(boundArb(pickTimes), 40),
      before: sometimes(boundArb([...pickTimes, ...windowEdges]), 30),
      level: sometimes(fc.constantFrom(...LOG_LEVELS).chain(casedArb), 25),
      job: sometimes(fc.constantFrom(...JOBS), 15),
      words: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string[]>([]) },
        { weight: 3, arbitrary: termArb.map((term) => [term]) },
        { weight: 1, arbitrary: fc.array(termArb, { minLength: 2, maxLength: 2 }) },
      ),
      phrases: fc.oneof(
        { weight: 8, arbitrary: fc.constant<string[]>([]) },
        {
          weight: 1,
          arbitrary: fc
            .array(wordArb, { minLength: 2, maxLength: 2 })
            .map((w) => w.join(' '))
            .chain(casedArb)
            .map((phrase) => [phrase]),
        },
      ),
      levels: fc.oneof(
        { weight: 8, arbitrary: fc.constant<string[]>([]) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...LOG_LEVELS)
            .chain(casedArb)
            .map((l) => [l]),
        },
      ),
      atLeast: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string[]>([]) },
        {
          weight: 1,
          arbitrary: fc.array(fc.constantFrom(...LOG_LEVELS).chain(casedArb), {
            minLength: 1,
            maxLength: 2,
          }),
        },
      ),
      limit: sometimes(
        fc.oneof(
          fc.integer({ min: -5, max: 260 }).map(String),
          fc.constantFrom('1', '2', '3', '200', '201', '0', '7.9'),
        ),
        30,
      ),
    })
    .map((filter) => {
      const clean: Structured = {
        words: filter.words,
        phrases: filter.phrases,
        levels: filter.levels,
        atLeast: filter.atLeast,
      };
      if (filter.since) clean.since = filter.since;
      if (filter.before) clean.before = filter.before;
      if (filter.level !== undefined) clean.level = filter.level;
      if (filter.job !== undefined) clean.job = filter.job;
      if (filter.limit !== undefined) clean.limit = filter.limit;
      return clean;
    });
}

function boundText(bound: { seconds: number; iso: boolean }): string {
  return bound.iso
    ? new Date(Math.round(bound.seconds * 1000)).toISOString()
    : String(bound.seconds);
}

function toRaw(filter: Structured): RawLogQuery {
  const raw: RawLogQuery = {};
  if (filter.since) raw.since = boundText(filter.since);
  if (filter.before) raw.before = boundText(filter.before);
  if (filter.level) raw.level = filter.level;
  if (filter.job) raw.job = filter.job;
  if (filter.limit !== undefined) raw.limit = filter.limit;
  const parts = [
    ...filter.words,
    ...filter.phrases.map((phrase) => `"${phrase}"`),
    ...filter.levels.map((level) => `level:${level}`),
    ...filter.atLeast.map((level) => `level>=${level}`),
  ];
  if (parts.length > 0) raw.q = `  ${parts.join('   ')} `;
  return raw;
}

// ---------------------------------------------------------------------------------------------
// The reference: a plain in-memory reading of the spec, written without the store's code.
function smallestUsAtLeast(seconds: number): number {
  let us = Math.ceil(seconds * 1e6);
  while (us / 1e6 < seconds) us += 1;
  while ((us - 1) / 1e6 >= seconds) us -= 1;
  return us;
}

function reference(entries: AppLogEntry[], filter: Structured, nowSeconds: number): AppLogEntry[] {
  const rank = (level: string) => LOG_LEVELS.indexOf(level.toLowerCase() as LogLevel);
  const hasQ =
    filter.words.length + filter.phrases.length + filter.levels.length + filter.atLeast.length > 0;
  const limitNumber = filter.limit === undefined ? 100 : Math.trunc(Number(filter.limit));
  const limit = Math.min(200, Math.max(1, limitNumber));
  const windowStartUs =
    hasQ && !filter.since
      ? smallestUsAtLeast(filter.before ? filter.before.seconds : nowSeconds) - 86_400e6
      : -Infinity;
  const matched = entries.filter((entry) => {
    if (filter.since && !(entry.time >= filter.since.seconds)) return false;
    if (filter.before && !(entry.time < filter.before.seconds)) return false;
    if (Math.round(entry.time * 1e6) < windowStartUs) return false;
    if (filter.level && rank(entry.level) < rank(filter.level)) return false;
    if (filter.job !== undefined) {
      const job = (entry.context as { job?: { name?: unknown } } | null)?.job?.name;
      if (job !== filter.job) return false;
    }
    const text = (
      (typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data)) +
      '\n' +
      (entry.context ? JSON.stringify(entry.context) : '')
    ).toLowerCase();
    for (const term of [...filter.words, ...filter.phrases]) {
      if (!text.includes(term.toLowerCase())) return false;
    }
    for (const level of filter.levels) if (entry.level !== level.toLowerCase()) return false;
    for (const level of filter.atLeast) if (rank(entry.level) < rank(level)) return false;
    return true;
  });
  matched.sort((a, b) => (filter.since ? a.time - b.time : b.time - a.time));
  return matched.slice(0, limit);
}

async function insertAt(
  appId: number,
  items: Array<{ entry: LogIngestEntry; offsetUs: number }>,
): Promise<AppLogEntry[]> {
  const stored: AppLogEntry[] = [];
  for (const { entry, offsetUs } of items) {
    const row = toLogRow(appId, entry, BASE_US + offsetUs);
    const [inserted] = await placeLogRows(db, [row]);
    const id = inserted!.id;
    stored.push({
      id: formatLogId(id),
      level: entry.level,
      data: entry.data,
      context: entry.context ?? null,
      created_at: row.created_at,
      time: (BASE_US + offsetUs) / 1e6,
    });
  }
  return stored;
}

/**
 * Indexes the search text of the next `rows` rows above the watermark (PostgreSQL: of each app,
 * in time order).
 */
async function indexSearchText(rows: number): Promise<void> {
  if (rows > 0) await indexPendingLogs(db, rows);
}

/**
 * Time budgets no read of the property reaches, however busy the machine: it is about answers,
 * and a search's 500 ms (or a walk's 2 s) spent while the process waited for a core is an answer
 * the property would take for a wrong one. The budgets have tests of their own (below).
 */
const UNHURRIED = { timeBudgetMs: 600_000, walkTimeBudgetMs: 600_000 } as const;

describe('queryLogs (property: equals an in-memory filter of the same entries)', () => {
  it('answers every random filter like the reference', async () => {
    let nonEmpty = 0;
    let total = 0;
    await fc.assert(
      fc.asyncProperty(
        timedEntriesArb.chain((items) =>
          fc.tuple(
            fc.constant(items),
            fc.array(filterArb(items.map((item) => BASE_US + item.offsetUs)), {
              minLength: 1,
              maxLength: 8,
            }),
          ),
        ),
        async ([items, filters]) => {
          const appId = await createApp();
          await indexSearchText(Infinity); // what earlier tests left above the watermark
          const stored = await insertAt(appId, items);
          const answersLikeTheReference = async (entries: AppLogEntry[]) => {
            for (const filter of filters) {
              const parsed = parseLogQuery(toRaw(filter));
              const expected = reference(entries, filter, Date.now() / 1000);
              // Scan only, FTS index only, a tiny scan budget (both steps) and the default.
              for (const scanBudget of [Infinity, 0, 3, undefined]) {
                const page = await queryLogs(db, appId, parsed, { scanBudget, ...UNHURRIED });
                expect(JSON.parse(page.json)).toEqual(expected);
                expect(page.count).toBe(expected.length);
              }
              if (expected.length > 0) nonEmpty += 1;
              total += 1;
            }
          };
          // The indexer at any lag (decisions 023, 030): none of these rows indexed, half, all.
          for (const indexNext of [0, items.length / 2, Infinity]) {
            await indexSearchText(Math.floor(indexNext));
            await answersLikeTheReference(stored);
          }
          // Rows deleted once indexed (retention, a deleted app) may leave their index rows
          // behind (SQLite's search file, decision 032): no answer may change.
          const gone = stored
            .filter((_, index) => index % 2 === 1)
            .map((entry) => Number(entry.id));
          if (gone.length > 0) await db.deleteFrom('app_logs').where('id', 'in', gone).execute();
          await answersLikeTheReference(stored.filter((_, index) => index % 2 === 0));
        },
      ),
      // On PostgreSQL each of the ~20,000 queries of 150 runs (4 stages) is a round trip.
      { numRuns: testEngine === 'postgres' ? 30 : 150 },
    );
    // The property only means something if many answers are not empty.
    expect(nonEmpty / total).toBeGreaterThan(0.3);
    // A hang guard only: ~20,000 queries took past 60 s beside two busy loops at load 50.
  }, 600_000);

  it('answers a word absent from the newest rows in time order (the index probe, decision 029)', async () => {
    const appId = await createApp();
    const items = Array.from({ length: 12 }, (_, i) => ({
      entry: { level: 'info' as const, data: i < 4 ? `needle ${i}` : `hay ${i}` },
      offsetUs: i * 1000,
    }));
    await insertAt(appId, items);
    await indexSearchText(Infinity);
    const before = String((BASE_US + 12_000) / 1e6);
    for (const [query, expected] of [
      [{ q: 'needle', before }, ['needle 3', 'needle 2', 'needle 1', 'needle 0']],
      [
        { q: 'needle', since: String(BASE_US / 1e6) },
        ['needle 0', 'needle 1', 'needle 2', 'needle 3'],
      ],
    ] as const) {
      const page = await queryLogs(db, appId, parseLogQuery(query), { scanBudget: 6 });
      expect(JSON.parse(page.json).map((e: AppLogEntry) => e.data)).toEqual(expected);
    }
  });

  it('bounds q without since to the 24 h before `before`, edges exact to the microsecond', async () => {
    const appId = await createApp();
    const day = 86_400e6;
    await insertAt(appId, [
      { entry: { level: 'info', data: 'needle too old' }, offsetUs: 0 },
      { entry: { level: 'info', data: 'needle first in' }, offsetUs: 1 },
      { entry: { level: 'info', data: 'needle last in' }, offsetUs: day },
      { entry: { level: 'info', data: 'needle at before' }, offsetUs: day + 1 },
    ]);
    const before = String((BASE_US + day + 1) / 1e6);
    const page = JSON.parse(
      (await queryLogs(db, appId, parseLogQuery({ q: 'NEEDLE', before }))).json,
    );
    expect(page.map((e: AppLogEntry) => e.data)).toEqual(['needle last in', 'needle first in']);
    // With since, the whole range is searched, ascending.
    const all = JSON.parse(
      (await queryLogs(db, appId, parseLogQuery({ q: 'needle', since: String(BASE_US / 1e6) })))
        .json,
    );
    expect(all).toHaveLength(4);
  });

  it('stops a search past its time budget with a 400 naming q and the budget', async () => {
    const appId = await createApp();
    await insertLogs(db, appId, [
      { level: 'info', data: 'needle one' },
      { level: 'info', data: 'needle two' },
    ]);
    const filter = parseLogQuery({ q: 'needle', since: '0' });
    // The index step (scan budget 0) with no time left: the statement stops at its first row.
    const error: unknown = await queryLogs(db, appId, filter, {
      scanBudget: 0,
      timeBudgetMs: 0,
    }).catch((caught: unknown) => caught);
    // The store throws the wing's domain error; the one error handler makes it the 400.
    expect(error).toBeInstanceOf(SearchBudgetExhausted);
    const { body } = errorAnswer(error, 'log', () => undefined);
    expect(body.code).toBe(400);
    expect(body.errors[0]).toMatchObject({ resource: 'log', field: 'q', code: 'too_slow' });
    expect(body.message).toContain('0 ms');
    // With time, the same search answers, and the connection is usable after the stop.
    const page = await queryLogs(db, appId, filter, { scanBudget: 0 });
    expect(page.count).toBe(2);
  });

  it('stops a page without q past its time budget with a 503 too_slow and Retry-After', async () => {
    const appId = await createApp();
    await insertLogs(db, appId, [
      { level: 'info', data: 'one' },
      { level: 'error', data: 'two', context: { job: { name: 'sync' } } },
    ]);
    // Each reads a row (a statement that reads none is done before any clock could stop it).
    for (const raw of [{ level: 'warn' }, { job: 'sync' }, {}] satisfies RawLogQuery[]) {
      const filter = parseLogQuery(raw);
      const error: unknown = await queryLogs(db, appId, filter, { walkTimeBudgetMs: 0 }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(HttpError);
      const httpError = error as HttpError;
      expect(httpError.statusCode).toBe(503);
      expect(httpError.headers['Retry-After']).toBe('1');
      expect(httpError.details[0]).toMatchObject({ resource: 'log', code: 'too_slow' });
      expect(httpError.message).toContain('0 ms');
    }
    // With time, the same query answers, and the connection is usable after the stop.
    const page = await queryLogs(db, appId, parseLogQuery({ level: 'warn' }));
    expect(entriesOf(page).map((entry) => entry.data)).toEqual(['two']);
  });

  it('keeps another app’s entries out', async () => {
    const a = await createApp();
    const b = await createApp();
    await insertLogs(db, a, [{ level: 'info', data: 'only in a' }]);
    const page = await queryLogs(db, b, parseLogQuery({}));
    expect(page.json).toBe('[]');
  });
});

describe('insertLogs', () => {
  it('assigns unique sortable ids and strictly increasing times, in batch order, across concurrent batches', async () => {
    const appId = await createApp();
    const batch = (tag: string) =>
      Array.from({ length: 50 }, (_, i): LogIngestEntry => ({ level: 'info', data: { tag, i } }));
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((tag) => insertLogs(db, appId, batch(tag))),
    );
    for (const { page } of results) {
      const result = entriesOf(page);
      for (let i = 1; i < result.length; i += 1) {
        expect(result[i]!.time).toBeGreaterThan(result[i - 1]!.time);
        expect(result[i]!.id > result[i - 1]!.id).toBe(true);
      }
    }
    const all = JSON.parse(
      (await queryLogs(db, appId, parseLogQuery({ since: '0', limit: '200' }))).json,
    ) as AppLogEntry[];
    expect(all).toHaveLength(200);
    // Ascending by time is also ascending by id, and each batch is contiguous (no interleaving).
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort());
    const tags = all.map((e) => (e.data as { tag: string }).tag);
    const runs = tags.filter((tag, i) => i === 0 || tags[i - 1] !== tag);
    expect(runs).toHaveLength(4);
  });

  it.skipIf(testEngine !== 'sqlite')(
    'takes the write lock first: another process committing meanwhile waits, the batch is stored',
    async () => {
      const appId = await createApp();
      const file = database.url;
      const server = new SQLite(file);
      server.pragma('busy_timeout = 5000');
      const cli = new SQLite(file);
      cli.pragma('busy_timeout = 0'); // fail at once instead of waiting: this test is one thread
      let cliWrite: 'committed' | 'had to wait' | undefined;
      // Another connection (the token CLI) tries to commit between the batch's read of the last
      // time and its insert.
      const interleaved: SqliteDatabase = {
        close: () => server.close(),
        prepare: (text: string) => {
          if (text.startsWith('insert into "app_logs"')) {
            try {
              cli
                .prepare("insert into sites (id, name, created_at) values (?, 'CLI', '')")
                .run(`cli-${appId}`);
              cliWrite = 'committed';
            } catch {
              cliWrite = 'had to wait';
            }
          }
          return server.prepare(text);
        },
      };
      const serverDb = new Kysely<Database>({
        dialect: sqliteDialect(interleaved),
      });
      try {
        const { page: stored } = await insertLogs(serverDb, appId, [
          { level: 'info', data: 'while the CLI runs' },
        ]);
        expect(stored.count).toBe(1);
        expect(cliWrite).toBe('had to wait');
      } finally {
        await serverDb.destroy();
        cli.close();
      }
    },
  );

  it('returns what a query returns, with created_at defaulting to the commit time', async () => {
    const appId = await createApp();
    const batch = await insertLogs(db, appId, [
      { level: 'warn', data: 'plain text', context: { job: { name: 'nightly' } } },
      { level: 'error', data: { a: [1, 'two'] }, created_at: '2026-03-01T10:00:00+02:00' },
    ]);
    const { commit } = batch;
    const stored = entriesOf(batch.page);
    expect(stored[0]!.created_at).toBe(new Date(Math.floor(stored[0]!.time * 1000)).toISOString());
    expect(stored[1]!.created_at).toBe('2026-03-01T08:00:00.000Z');
    const page = await queryLogs(db, appId, parseLogQuery({ since: '0' }));
    expect(JSON.parse(page.json)).toEqual(stored);
    // Waiting tails are answered from the commit: the very page the query reads.
    expect(pageOfEntries(commit.rows)).toEqual(page);
    expect(commit.previousUs).toBe(0);
    const { commit: next } = await insertLogs(db, appId, [{ level: 'info', data: 'next' }]);
    expect(next.previousUs).toBe(Math.round((stored[1]?.time ?? 0) * 1e6));
  });
});

describe('pruneLogs', () => {
  it('deletes only entries older than the cutoff', async () => {
    const appId = await createApp();
    await insertAt(appId, [
      { entry: { level: 'info', data: 'old' }, offsetUs: 0 },
      { entry: { level: 'info', data: 'new' }, offsetUs: 10_000_000 },
    ]);
    const deletedBefore = await pruneLogs(db, BASE_US / 1e6 + 5);
    expect(deletedBefore).toBeGreaterThanOrEqual(1);
    const left = JSON.parse((await queryLogs(db, appId, parseLogQuery({}))).json) as AppLogEntry[];
    expect(left.map((e) => e.data)).toEqual(['new']);
  });
});

describe.skipIf(testEngine !== 'sqlite')('query plans (EXPLAIN QUERY PLAN)', () => {
  async function plan(filter: LogFilter, indexTerms?: string[], level?: number): Promise<string> {
    const compiled = selectLogs(db, 1, filter, {
      ...(indexTerms ? { indexTerms } : {}),
      ...(level === undefined ? {} : { level }),
    }).compile();
    const result = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
    );
    return result.rows.map((row) => row.detail).join('\n');
  }

  it('the tail query (since + limit) searches the (app, time) index in order', async () => {
    const detail = await plan(parseLogQuery({ since: '1763700000', limit: '200' }));
    expect(detail).toMatch(
      /SEARCH app_logs USING INDEX app_logs_app_time \(app_id=\? AND time_us>\?\)/,
    );
    expect(detail).not.toMatch(/\bSCAN\b/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('the newest-first page searches the (app, time) index without sorting', async () => {
    const detail = await plan(parseLogQuery({ limit: '200' }));
    expect(detail).toMatch(/SEARCH app_logs USING INDEX app_logs_app_time \(app_id=\?\)/);
    expect(detail).not.toMatch(/\bSCAN\b/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('a page before a time and the q window stay on the (app, time) index', async () => {
    for (const raw of [{ before: '1763700000' }, { q: 'payment failed' }]) {
      const detail = await plan(parseLogQuery(raw));
      expect(detail).toMatch(/USING INDEX app_logs_app_time/);
      expect(detail).not.toMatch(/\bSCAN\b|TEMP B-TREE/);
    }
  });

  it('the q step past the scan budget starts from the FTS index, then rows by id', async () => {
    const detail = await plan(parseLogQuery({ q: 'payment failed', since: '0' }), [
      'payment',
      'failed',
    ]);
    expect(detail).toMatch(/app_logs_fts VIRTUAL TABLE INDEX/);
    expect(detail).toMatch(/SEARCH app_logs USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    // and the rows the indexer has not reached, by id from the watermark (decision 023)
    expect(detail).toMatch(/MULTI-INDEX OR/);
    expect(detail).toMatch(/SEARCH app_logs USING INTEGER PRIMARY KEY \(rowid>\?\)/);
    expect(detail).not.toMatch(/app_logs_app_time/);
  });

  it('a level walk reads each level’s range of its index in order (decision 040)', async () => {
    const cases: Array<[RawLogQuery, RegExp]> = [
      [{ level: 'error' }, /USING INDEX app_logs_app_level_time \(app_id=\? AND level=\?\)/],
      [
        { level: 'error', since: '1763700000' },
        /USING INDEX app_logs_app_level_time \(app_id=\? AND level=\? AND time_us>\?\)/,
      ],
      [
        { level: 'error', before: '1763700000' },
        /USING INDEX app_logs_app_level_time \(app_id=\? AND level=\? AND time_us<\?\)/,
      ],
      [
        { level: 'error', job: 'sync-orders' },
        /USING INDEX app_logs_app_job_level_time \(app_id=\? AND job=\? AND level=\?\)/,
      ],
    ];
    for (const [raw, index] of cases) {
      const detail = await plan(parseLogQuery(raw), undefined, 4);
      expect(detail).toMatch(index);
      expect(detail).not.toMatch(/\bSCAN\b|TEMP B-TREE/);
    }
  });

  it('the job filter reads that job’s rows through its index', async () => {
    const detail = await plan(parseLogQuery({ job: 'sync-orders' }));
    expect(detail).toMatch(/USING INDEX app_logs_app_job_time \(app_id=\? AND job=\?\)/);
    expect(detail).not.toMatch(/\bSCAN\b|TEMP B-TREE/);
  });
});

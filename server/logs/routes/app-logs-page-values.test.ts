/**
 * Issue 42, on a real service: a `level` walk reads up to `limit` rows per level, and large
 * entries' values would all be read before the page is cut to its bytes. The walk reads the
 * rows' sizes and only the values of the rows inside the cut: the characters of values the walks
 * read (walkValueCharsRead, counted where the statements' rows arrive) grow by at most the page's
 * bytes and one entry per page, while the pages are the same (entries, cut, the next page from
 * the last entry). 256 kB pages of 50 kB entries stand for 8 MiB pages of 1 MiB entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appLogEntrySchema,
  LOG_PAGE_CUT_HEADER,
  type AppLogEntry,
} from '../../../contract/schemas/app-log';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { walkValueCharsRead } from '../store/app-logs-sized-rows';

const PAGE_BYTES = 256 * 1024;
const VALUE_CHARS = 50_000;
/** The levels of the entries in turn: `level=info` walks four of them (and `unknown`). */
const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
const ENTRIES = 100;
const BATCH = 15;

let api: TestApi;
const key = 'page-values-app';
const stored: AppLogEntry[] = [];

interface Page {
  entries: AppLogEntry[];
  cut: string | null;
  bytes: number;
  /** Characters of values the walks read for this page. */
  valuesRead: number;
}

async function page(query: Record<string, string>): Promise<Page> {
  const before = walkValueCharsRead();
  const res = await api.request(
    'GET',
    `/apps/${key}/logs?${new URLSearchParams(query).toString()}`,
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return {
    entries: z.array(appLogEntrySchema).parse(res.json),
    cut: res.headers.get(LOG_PAGE_CUT_HEADER),
    bytes: Buffer.byteLength(res.text),
    valuesRead: walkValueCharsRead() - before,
  };
}

const ids = (entries: readonly AppLogEntry[]) => entries.map((entry) => entry.id);
const walked = () => stored.filter((entry) => entry.level !== 'debug');

/** A page may read its own values and one entry's past them, never the walk's every row. */
function expectBounded(answer: Page) {
  expect(answer.valuesRead).toBeLessThanOrEqual(PAGE_BYTES + VALUE_CHARS + 1_000);
}

beforeAll(async () => {
  api = await startTestApi({ logReadLimits: { pageBytes: PAGE_BYTES } });
  await insertApp(api.db, 'demo', appFixture(key));
  for (let first = 0; first < ENTRIES; first += BATCH) {
    const logs = Array.from({ length: Math.min(BATCH, ENTRIES - first) }, (_, index) => {
      const n = first + index;
      return {
        level: LEVELS[n % LEVELS.length],
        data: { n, kind: 'big', text: 'x'.repeat(VALUE_CHARS) },
        context: { job: { name: `job-${String(n % 2)}` } },
      };
    });
    const res = await api.request('POST', `/apps/${key}/logs`, { body: { logs } });
    expect(res.status, res.text.slice(0, 300)).toBe(201);
    stored.push(...z.array(appLogEntrySchema).parse(res.json));
  }
});

afterAll(async () => {
  await api.close();
});

describe('a level walk of large entries reads the values of its page only', () => {
  it('newest first: each page is cut where its bytes end, and following them finds every entry once', async () => {
    const found: AppLogEntry[] = [];
    let before: string | null = null;
    for (let pages = 0; pages <= ENTRIES; pages += 1) {
      const query: Record<string, string> = { level: 'info', limit: '200' };
      if (before !== null) query.before = before;
      const answer = await page(query);
      expectBounded(answer);
      if (answer.entries.length === 0) break;
      expect(answer.bytes).toBeLessThanOrEqual(PAGE_BYTES);
      found.push(...answer.entries);
      before = String(answer.entries.at(-1)?.time ?? 0);
      if (answer.cut === null) continue;
      expect(answer.cut).toBe('bytes');
      // The cut is where the next entry would take the page past its bytes.
      const next = await api.request(
        'GET',
        `/apps/${key}/logs?${new URLSearchParams({ level: 'info', limit: '1', before }).toString()}`,
      );
      expect(answer.bytes + 1 + Buffer.byteLength(next.text) - 2).toBeGreaterThan(PAGE_BYTES);
    }
    expect(ids(found)).toEqual(ids([...walked()].reverse()));
  });

  it('ascending from since, as a tail reads: the first entries, cut the same way', async () => {
    const since = String(stored[0]?.time ?? 0);
    const answer = await page({ level: 'info', since, limit: '200' });
    expectBounded(answer);
    expect(answer.cut).toBe('bytes');
    expect(answer.entries.length).toBeGreaterThan(1);
    expect(ids(answer.entries)).toEqual(ids(walked().slice(0, answer.entries.length)));
  });

  it('a job pattern, a field condition and a search read the same way', async () => {
    const queries: Array<Record<string, string>> = [
      { job: 'job-', job_match: 'prefix' },
      { job: 'job-1', job_match: 'prefix' },
      { where: 'kind:big' },
      // A search's statements read sized rows too (issue 42): the page's values only.
      { q: 'big' },
    ];
    for (const query of queries) {
      const answer = await page({ ...query, level: 'info', limit: '200' });
      expectBounded(answer);
      expect(answer.cut).toBe('bytes');
      expect(answer.bytes).toBeLessThanOrEqual(PAGE_BYTES);
      const matching = walked()
        .filter(
          (entry) => query.job !== 'job-1' || JSON.stringify(entry.context).includes('"job-1"'),
        )
        .reverse();
      expect(ids(answer.entries), JSON.stringify(query)).toEqual(
        ids(matching.slice(0, answer.entries.length)),
      );
    }
  });

  it('small entries still come whole in one page', async () => {
    const small = 'page-values-small';
    await insertApp(api.db, 'demo', appFixture(small));
    const res = await api.request('POST', `/apps/${small}/logs`, {
      body: { logs: LEVELS.map((level, n) => ({ level, data: { n } })) },
    });
    const posted = z.array(appLogEntrySchema).parse(res.json);
    const answer = await api.request('GET', `/apps/${small}/logs?level=info`);
    expect(answer.headers.get(LOG_PAGE_CUT_HEADER)).toBeNull();
    expect(z.array(appLogEntrySchema).parse(answer.json)).toEqual(posted.slice(1).reverse());
  });
});

/**
 * Issue 42, on a real service: a waiting tail that wakes to a commit it cannot see (another
 * instance's on PostgreSQL, or retention's `notifyAll`) reads its page again. Entries of ~1 MiB
 * have arrived meanwhile: that read holds, like a page's walk (app-logs-page-values.test.ts), at
 * most the page's bytes and one entry of values (walkValueCharsRead), and answers what the list
 * answers from the same `since` (entries, cut), so the tail that follows the cut finds every
 * entry once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  appLogEntrySchema,
  LOG_PAGE_BYTES_MAX,
  LOG_PAGE_CUT_HEADER,
  type AppLogEntry,
} from '../../../contract/schemas/app-log';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { walkValueCharsRead } from '../store/app-logs-sized-rows';
import { InProcessLogNotifier } from '../waits/log-notifier';

/** One entry a request (the body's 1 MiB bounds an entry). */
const VALUE_CHARS = 1_000_000;
/** More than a page of them: 11 MB of values against the page's 8 MiB. */
const ENTRIES = 11;

/**
 * Commits as a PostgreSQL instance hears another instance's: without their rows (so a follow
 * reads again), and only when the test releases them, after all the entries are stored.
 */
class CommitsHeardLate extends InProcessLogNotifier {
  private readonly held = new Set<number>();

  override notify(appId: number): void {
    this.held.add(appId);
  }

  release(): void {
    for (const appId of this.held) super.notify(appId, null);
    this.held.clear();
  }
}

const notifier = new CommitsHeardLate();
let api: TestApi;

interface Answer {
  entries: AppLogEntry[];
  cut: string | null;
  /** Characters of values the walks read while it was answered. */
  valuesRead: number;
}

async function answerOf(response: Promise<Response>, before: number): Promise<Answer> {
  const res = await response;
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return {
    entries: z.array(appLogEntrySchema).parse(JSON.parse(text)),
    cut: res.headers.get(LOG_PAGE_CUT_HEADER),
    valuesRead: walkValueCharsRead() - before,
  };
}

function get(key: string, query: Record<string, string>): Promise<Response> {
  const url = `${api.baseUrl}/api/apps/${key}/logs?${new URLSearchParams(query).toString()}`;
  return fetch(url, {
    headers: { authorization: `Bearer ${api.adminToken}`, 'x-service-site': 'demo' },
  });
}

async function post(key: string, logs: unknown[]): Promise<AppLogEntry[]> {
  const res = await api.request('POST', `/apps/${key}/logs`, { body: { logs } });
  expect(res.status, res.text.slice(0, 300)).toBe(201);
  return z.array(appLogEntrySchema).parse(res.json);
}

/** A page's values and one entry's past them, never every row the walk found. */
function expectBounded(answer: Answer) {
  expect(answer.valuesRead).toBeLessThanOrEqual(LOG_PAGE_BYTES_MAX + VALUE_CHARS + 1_000);
}

beforeAll(async () => {
  api = await startTestApi({ logNotifier: notifier });
});

afterAll(async () => {
  await api.close();
});

describe('a waiting tail woken to large entries reads the values of its page only', () => {
  it.each<{ tail: string; filter: Record<string, string> }>([
    { tail: 'every entry', filter: {} },
    { tail: 'a level and a field condition', filter: { level: 'info', where: 'kind:big' } },
  ])('$tail: cut as the list is, and followed to every entry once', async ({ filter }) => {
    const key = `wait-values-${String(Object.keys(filter).length)}`;
    await insertApp(api.db, 'demo', appFixture(key));
    const [held] = await post(key, [{ level: 'info', data: { kind: 'big', n: -1 } }]);
    const query = { ...filter, limit: '200', wait: '30' };
    // A tail from 0 answers at once, and leaves its follow knowing the app: the wait below starts
    // from what it knows, with no read of its own that the posts could overtake.
    const primed = await answerOf(get(key, { ...query, since: '0' }), 0);
    expect(primed.entries.map((entry) => entry.id)).toEqual([held?.id]);
    const waited = get(key, { ...query, since: String(held?.time) });
    await expect.poll(() => api.app.logTails.stats().waiting).toBe(1);
    const posted: AppLogEntry[] = [];
    for (let n = 0; n < ENTRIES; n += 1) {
      posted.push(
        ...(await post(key, [
          { level: 'info', data: { kind: 'big', n, text: 'x'.repeat(VALUE_CHARS) } },
        ])),
      );
    }
    // Still waiting: the commits are heard only now, all at once.
    expect(api.app.logTails.stats().waiting).toBe(1);
    const before = walkValueCharsRead();
    notifier.release();
    const woken = await answerOf(waited, before);
    expectBounded(woken);
    expect(woken.cut).toBe('bytes');
    // The list from the same `since` answers the same entries.
    const { wait: _wait, ...list } = query;
    const listed = await answerOf(get(key, { ...list, since: String(held?.time) }), 0);
    expect(woken.entries).toEqual(listed.entries);
    expect(woken.entries.length).toBeGreaterThan(2);

    // The tail goes on from the last entry it holds: the rest, read within the bound again.
    const found = woken.entries.slice(1);
    let cursor = woken.entries.at(-1);
    while (found.length < posted.length) {
      const next = await answerOf(
        get(key, { ...query, since: String(cursor?.time) }),
        walkValueCharsRead(),
      );
      expectBounded(next);
      expect(next.entries[0]?.id).toBe(cursor?.id);
      found.push(...next.entries.slice(1));
      cursor = next.entries.at(-1);
    }
    expect(found.map((entry) => entry.id)).toEqual(posted.map((entry) => entry.id));
  });
});

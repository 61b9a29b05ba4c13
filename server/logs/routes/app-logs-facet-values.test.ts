/**
 * Issue 42, on a real service: facets read the newest entries of a window in chunks of up to 512
 * rows and stop at LOG_FACETS_BYTES_MAX bytes of their data. A chunk read whole before its rows
 * are counted holds every large entry in it: here the newest 600 small entries grow the chunks
 * (statements under 5 ms double them), and the chunk that reaches the 20 entries of ~1 MB under
 * them held all 20 MB against the sample's 8 MiB (20.0 M characters read before the fix, on both
 * engines; chunks that never grew past a row or two would have hidden it). Facets read the rows'
 * sizes first and the
 * values of the rows inside the sample only: the characters of values read (walkValueCharsRead,
 * counted where the statements' rows arrive) stay within the sample's bytes and one entry, and
 * the answer is the one the whole rows give (the sample's counts, `capped`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema, type AppLogEntry } from '../../../contract/schemas/app-log';
import {
  LOG_FACETS_BYTES_MAX,
  logFacetsSchema,
  type LogFacets,
} from '../../../contract/schemas/app-log-facets';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { countFacets } from '../store/app-logs-facets';
import { walkValueCharsRead } from '../store/app-logs-sized-rows';

/** One large entry a request (the body's 1 MiB bounds an entry). */
const VALUE_CHARS = 1_000_000;
const LARGE = 20;
const SMALL = 600;
/** The sample's own cap of entries (LOG_FACETS_SCAN_CAP): the bytes end this one first. */
const CAP = 2000;
const KEY = 'facet-values-app';
/** Past any read's time here, however busy the machine: the reads do all of their work. */
const WALK_TIME_BUDGET_MS = 600_000;

let api: TestApi;
/** Newest first, as facets read them. */
const newestFirst: AppLogEntry[] = [];
let smallChars = 0;

async function post(logs: unknown[]): Promise<AppLogEntry[]> {
  const res = await api.request('POST', `/apps/${KEY}/logs`, { body: { logs } });
  expect(res.status, res.text.slice(0, 300)).toBe(201);
  return z.array(appLogEntrySchema).parse(res.json);
}

beforeAll(async () => {
  api = await startTestApi({ logReadLimits: { walkTimeBudgetMs: WALK_TIME_BUDGET_MS } });
  await insertApp(api.db, 'demo', appFixture(KEY));
  const stored: AppLogEntry[] = [];
  for (let n = 0; n < LARGE; n += 1) {
    stored.push(
      ...(await post([{ level: 'info', data: { kind: 'big', n, text: 'x'.repeat(VALUE_CHARS) } }])),
    );
  }
  const small = Array.from({ length: SMALL }, (_, n) => ({
    level: 'info',
    data: { kind: 'small', n },
  }));
  stored.push(...(await post(small)));
  smallChars = small.reduce((sum, log) => sum + JSON.stringify(log.data).length, 0);
  newestFirst.push(...stored.reverse());
});

afterAll(async () => {
  await api.close();
});

/** The entries' data texts the sample takes: newest first, until the cap or the bytes. */
function sampleTexts(): string[] {
  const texts: string[] = [];
  let bytes = 0;
  for (const entry of newestFirst) {
    if (texts.length >= CAP || bytes >= LOG_FACETS_BYTES_MAX) break;
    const text = JSON.stringify(entry.data);
    texts.push(text);
    bytes += Buffer.byteLength(text);
  }
  return texts;
}

async function facets(query: Record<string, string>): Promise<{ answer: LogFacets; read: number }> {
  const before = walkValueCharsRead();
  const res = await api.request(
    'GET',
    `/apps/${KEY}/logs/facets?${new URLSearchParams(query).toString()}`,
  );
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return { answer: logFacetsSchema.parse(res.json), read: walkValueCharsRead() - before };
}

describe('facets of large entries read the values of their sample only', () => {
  it('the answer of the whole rows, with the values read within the sample and one entry', async () => {
    const texts = sampleTexts();
    // The control: the bytes end the sample inside the large entries, well before the oldest.
    expect(texts.length).toBeGreaterThan(SMALL + 1);
    expect(texts.length).toBeLessThan(SMALL + LARGE - 2);
    for (const field of ['kind', 'n']) {
      const { answer, read } = await facets({ field, limit: '50' });
      expect(answer).toEqual({
        field,
        scanned: texts.length,
        cap: CAP,
        capped: true,
        ...countFacets(texts, field, 50),
      });
      expect(read).toBeLessThanOrEqual(LOG_FACETS_BYTES_MAX + VALUE_CHARS + smallChars);
    }
  });

  it('with a level the same way', async () => {
    const texts = sampleTexts();
    const { answer, read } = await facets({ level: 'info', field: 'kind', limit: '50' });
    expect(answer.scanned).toBe(texts.length);
    expect(answer.values).toEqual(countFacets(texts, 'kind', 50).values);
    expect(read).toBeLessThanOrEqual(LOG_FACETS_BYTES_MAX + VALUE_CHARS + smallChars);
  });
});

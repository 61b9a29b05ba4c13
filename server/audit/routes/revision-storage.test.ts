/**
 * Issue 42, decision 060: revision storage is bounded. A save that changes one field of a
 * notification stores that change, not a copy of the whole notification: 20 one-field saves of a
 * notification of about 3 MB in 20 languages add at most 5 MB to the database (the file on SQLite,
 * `pg_database_size` on PostgreSQL). Every reader still gets each version whole.
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngine } from '../../database/test-database.test-helper';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

const MB = 1024 * 1024;
/** 19 languages besides the default English. */
const LOCALES = [
  'nl', 'fr', 'de', 'es', 'it', 'pt', 'sv', 'da', 'fi', 'nb',
  'pl', 'cs', 'hu', 'ro', 'el', 'tr', 'ja', 'ko', 'zh',
]; // prettier-ignore
/** Characters of each translation's text and HTML: 19 × 2 × 80,000 ≈ 3 MB. */
const FIELD_CHARS = 84_000;

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

/** Text that does not compress (PostgreSQL compresses long values): random base64. */
function incompressible(chars: number): string {
  return randomBytes(Math.ceil((chars * 3) / 4))
    .toString('base64')
    .slice(0, chars);
}

/** Bytes the database holds now, written through to its file. */
async function databaseBytes(): Promise<number> {
  if (testEngine === 'postgres') {
    const result = await sql<{
      size: string;
    }>`select pg_database_size(current_database())::text as size`.execute(api.db);
    return Number(result.rows[0]?.size);
  }
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(api.db);
  return statSync(api.databaseUrl).size;
}

async function save(body: unknown): Promise<void> {
  const res = await api.request('PUT', '/notifications/welcome', { body });
  expect(res.status, res.text.slice(0, 500)).toBe(200);
}

describe('revision storage', () => {
  it('20 one-field saves of a 3 MB translated notification add at most 5 MB', async () => {
    const settings = await api.request('PATCH', '/settings/site', {
      body: { locales: ['en', ...LOCALES] },
    });
    expect(settings.status, settings.text).toBe(200);
    // One language a save: a body is at most 1 MB.
    for (const locale of LOCALES) {
      await save({
        translations: {
          [locale]: {
            subject: `Welcome (${locale})`,
            text: incompressible(FIELD_CHARS),
            html: `<p>${incompressible(FIELD_CHARS)}</p>`,
          },
        },
      });
    }
    const full = await api.request('GET', '/notifications/welcome');
    expect(full.text.length).toBeGreaterThan(3_000_000);

    const before = await databaseBytes();
    for (let i = 1; i <= 20; i += 1) await save({ subject: `Welcome, save ${String(i)}` });
    const grown = (await databaseBytes()) - before;
    console.log(
      `20 one-field saves of a ${(full.text.length / MB).toFixed(1)} MB notification ` +
        `added ${(grown / MB).toFixed(2)} MB (${testEngine})`,
    );
    expect(grown).toBeLessThanOrEqual(5 * MB);

    // Each version still reads whole: the newest is the notification as it is now, and the one
    // before it differs in its subject only.
    const revisions = await api.request('GET', '/audit?resource=notification&resource_id=welcome');
    const [newest, previous] = revisions.json as Array<{ id: number }>;
    const now = await api.request('GET', `/notifications/welcome/revisions/${String(newest?.id)}`);
    expect(now.status).toBe(200);
    expect(now.json).toEqual(
      full.json && (await api.request('GET', '/notifications/welcome')).json,
    );
    const then = await api.request(
      'GET',
      `/notifications/welcome/revisions/${String(previous?.id)}`,
    );
    expect(then.json).toMatchObject({
      subject: 'Welcome, save 19',
      translations: (now.json as { translations: unknown }).translations,
    });
  }, 180_000);
});

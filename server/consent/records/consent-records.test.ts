/**
 * Issue 40: consent records through the API, on the real service and database (both engines).
 */
import { get, type IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revisionListSchema } from '../../../contract/schemas/audit';
import {
  consentPublicKeySchema,
  consentRecordListSchema,
  type ConsentPublicKey,
} from '../../../contract/schemas/consent-record';
import { consentConfigSchema } from '../../../contract/schemas/consent';
import { errorBodySchema } from '../../../contract/schemas/error';
import { ensureMembership } from '../../site/store/sites';
import { findOrCreateUser, issueToken } from '../../access/store/tokens';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';
import { runConsentRetention } from './record-retention';
import { insertConsentRecords } from './record-store';

const ORIGIN = 'https://shop.example.com';
let api: TestApi;
let key: ConsentPublicKey;

async function publicKey(site = 'demo'): Promise<ConsentPublicKey> {
  const res = await api.request('GET', '/settings/consent/public-key', { site });
  expect(res.status).toBe(200);
  return consentPublicKeySchema.parse(res.json);
}

async function consentEtag(): Promise<string> {
  const res = await api.request('GET', '/settings/consent');
  return (res.headers.get('etag') ?? '').replace(/"/g, '');
}

/** A POST as a banner makes it: no token, the key, an origin. */
function record(
  body: unknown,
  options: { origin?: string | null; key?: string; site?: string; beacon?: boolean } = {},
) {
  const headers: Record<string, string> = {};
  const origin = options.origin === undefined ? ORIGIN : options.origin;
  if (origin !== null) headers.origin = origin;
  const site = options.site ?? 'demo';
  const usedKey = options.key ?? key.key;
  let path = `/public/sites/${site}/consent-records`;
  if (options.beacon) {
    // What navigator.sendBeacon sends: text/plain, the key in the address.
    headers['content-type'] = 'text/plain;charset=UTF-8';
    path += `?key=${encodeURIComponent(usedKey)}`;
  } else {
    headers['x-consent-key'] = usedKey;
  }
  return api.request('POST', path, {
    token: null,
    site: null,
    headers,
    rawBody: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  api = await startTestApi({ consentRecordLimits: { perAddressPerMinute: 10_000 } });
  await publicKey();
  const res = await api.request('PATCH', '/settings/consent/public-key', {
    body: { origins: [ORIGIN, 'http://localhost:4000/'] },
  });
  expect(res.status).toBe(200);
  key = consentPublicKeySchema.parse(res.json);
});
afterAll(async () => {
  await api.close();
});

describe('the public key settings', () => {
  it('answers a key, the origins (normalized) and 12 months by default', () => {
    expect(key.key).toMatch(/^pk_/);
    expect(key.origins).toEqual([ORIGIN, 'http://localhost:4000']);
    expect(key.retention_months).toBe(12);
  });

  it('refuses an origin with a path (422 on origins.0) and changes nothing', async () => {
    const res = await api.request('PATCH', '/settings/consent/public-key', {
      body: { origins: ['https://example.com/page'] },
    });
    expect(res.status).toBe(422);
    expect(errorBodySchema.parse(res.json).errors[0]?.field).toBe('origins.0');
    expect((await publicKey()).origins).toEqual(key.origins);
  });

  it('lets viewers read but not rotate; a rotation refuses the old key', async () => {
    const viewerId = await findOrCreateUser(api.db, 'viewer@records.test');
    await ensureMembership(api.db, viewerId, 'acme', 'viewer');
    const viewer = await issueToken(api.db, viewerId);
    expect(
      (await api.request('GET', '/settings/consent/public-key', { token: viewer, site: 'acme' }))
        .status,
    ).toBe(200);
    const refused = await api.request('POST', '/settings/consent/public-key/rotate', {
      token: viewer,
      site: 'acme',
    });
    expect(refused.status).toBe(403);

    const before = await publicKey('acme');
    await api.request('PATCH', '/settings/consent/public-key', {
      site: 'acme',
      body: { origins: [ORIGIN] },
    });
    const rotated = await api.request('POST', '/settings/consent/public-key/rotate', {
      site: 'acme',
    });
    expect(rotated.status).toBe(200);
    const after = consentPublicKeySchema.parse(rotated.json);
    expect(after.key).not.toBe(before.key);
    const etag = (await api.request('GET', '/settings/consent', { site: 'acme' })).headers.get(
      'etag',
    );
    const body = { choices: { a: true }, config_version: etag?.replace(/"/g, ''), locale: 'en' };
    expect((await record(body, { site: 'acme', key: before.key })).status).toBe(401);
    expect((await record(body, { site: 'acme', key: after.key })).status).toBe(201);
  });
});

describe('recording', () => {
  it('stores a beacon and a fetch with the revision their config_version names', async () => {
    const oldVersion = await consentEtag();
    const beacon = await record(
      {
        choices: { 'google-analytics': true, hotjar: false },
        config_version: oldVersion,
        locale: 'nl',
        page: 'https://shop.example.com/',
      },
      { beacon: true },
    );
    expect(beacon.status).toBe(201);
    expect(beacon.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const consentId = (beacon.json as { consent_id: string }).consent_id;
    expect(consentId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // The configuration changes; a banner exported before still records against what it showed.
    const patch = await api.request('PATCH', '/settings/consent', {
      body: {
        privacy_policy_kind: 'url',
        privacy_policy_url: { en: 'https://shop.example.com/privacy-2' },
      },
    });
    expect(patch.status).toBe(200);
    const newVersion = await consentEtag();
    expect(newVersion).not.toBe(oldVersion);
    const again = await record({
      consent_id: consentId,
      choices: { 'google-analytics': false, hotjar: false },
      config_version: oldVersion,
      locale: 'nl',
    });
    expect(again.status).toBe(201);
    const current = await record({
      consent_id: consentId,
      choices: { 'google-analytics': true, hotjar: true },
      config_version: newVersion,
      locale: 'en',
    });
    expect(current.status).toBe(201);

    const list = await api.request('GET', `/consent-records?consent_id=${consentId}`);
    expect(list.status).toBe(200);
    const records = consentRecordListSchema.parse(list.json);
    expect(records.map((r) => r.outcome)).toEqual(['all', 'none', 'some']);
    expect(records[2]?.config_version).toBe(oldVersion);
    expect(records[1]?.config_revision).toBe(records[2]?.config_revision);
    expect(records[0]?.config_revision).toBeGreaterThan(records[2]?.config_revision ?? 0);
    expect(records[2]?.locale).toBe('nl');
    expect(records[2]?.page).toBe('https://shop.example.com/');

    // What the visitor saw: the configuration of that revision.
    const seen = await api.request(
      'GET',
      `/consent-records/configs/${String(records[2]?.config_revision)}`,
    );
    expect(seen.status).toBe(200);
    expect(consentConfigSchema.parse(seen.json).privacy_policy_url.en).not.toBe(
      'https://shop.example.com/privacy-2',
    );
    const now = await api.request(
      'GET',
      `/consent-records/configs/${String(records[0]?.config_revision)}`,
    );
    expect(consentConfigSchema.parse(now.json).privacy_policy_url.en).toBe(
      'https://shop.example.com/privacy-2',
    );
  });

  it("stores what the exported banner's callback sends, with the configuration it names", async () => {
    const version = await consentEtag();
    // What the exported callback (src/features/consent/consent-recorder.ts) sends; the browser
    // test e2e/consent-records.spec.ts runs the callback itself in Chromium.
    const beacon = {
      url: key.endpoint,
      body: JSON.stringify({
        consent_id: '0b5e6a5c-7d1e-4f6b-9c3a-1d2e3f4a5b6c',
        choices: { 'google-analytics': true, hotjar: false },
        config_version: version,
        locale: 'de',
        page: `${ORIGIN}/checkout`,
      }),
    };
    // What the browser does with it: a text/plain POST from the page's origin.
    const res = await fetch(beacon.url, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
      body: beacon.body,
    });
    expect(res.status).toBe(201);
    const { consent_id } = (await res.json()) as { consent_id: string };
    const [stored] = consentRecordListSchema.parse(
      (await api.request('GET', `/consent-records?consent_id=${consent_id}`)).json,
    );
    expect(stored).toMatchObject({
      choices: { 'google-analytics': true, hotjar: false },
      outcome: 'some',
      config_version: version,
      locale: 'de',
      page: `${ORIGIN}/checkout`,
    });
    const seen = await api.request(
      'GET',
      `/consent-records/configs/${String(stored?.config_revision)}`,
    );
    const current = await api.request('GET', '/settings/consent');
    expect(seen.json).toEqual(current.json);
  });

  it('answers 422 on config_version when no configuration has it', async () => {
    const res = await record({
      choices: { a: true },
      config_version: 'not-a-version',
      locale: 'en',
    });
    expect(res.status).toBe(422);
    const body = errorBodySchema.parse(res.json);
    expect(body.errors[0]).toMatchObject({ field: 'config_version', code: 'unknown_version' });
  });

  it('answers 413 to a body over 4 kB, 400/422 to bad bodies, with the Error body', async () => {
    const version = await consentEtag();
    const big = await record({
      choices: { a: true },
      config_version: version,
      locale: 'en',
      page: 'x'.repeat(4100),
    });
    expect(big.status).toBe(413);
    errorBodySchema.parse(big.json);
    const notJson = await record('{not json', { beacon: true });
    expect(notJson.status).toBe(400);
    errorBodySchema.parse(notJson.json);
    const extra = await record({
      choices: { a: 'yes' },
      config_version: version,
      locale: 'en',
      ip: '1.2.3.4',
    });
    expect(extra.status).toBe(422);
    errorBodySchema.parse(extra.json);
  });

  it("refuses a wrong origin, a missing origin, a missing key and another site's key", async () => {
    const body = { choices: { a: true }, config_version: await consentEtag(), locale: 'en' };
    const wrong = await record(body, { origin: 'https://evil.example.com' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('access-control-allow-origin')).toBeNull();
    errorBodySchema.parse(wrong.json);
    expect((await record(body, { origin: null })).status).toBe(403);
    expect((await record(body, { key: '' })).status).toBe(401);
    expect((await record(body, { site: 'acme' })).status).toBe(401);

    const preflight = await fetch(`${api.baseUrl}/api/public/sites/demo/consent-records`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const refused = await fetch(`${api.baseUrl}/api/public/sites/demo/consent-records`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('stores no address in any column: only a keyed hash', async () => {
    const res = await record({
      choices: { a: true },
      config_version: await consentEtag(),
      locale: 'en',
    });
    expect(res.status).toBe(201);
    for (const table of [
      'consent_records',
      'consent_record_settings',
      'consent_config_snapshots',
      'revisions',
    ]) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
        api.db,
      );
      expect(rows.rows.length).toBeGreaterThan(0);
      const text = JSON.stringify(rows.rows);
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain('::1');
      expect(text).not.toContain('::ffff:');
    }
    const [latest] = consentRecordListSchema.parse(
      (await api.request('GET', '/consent-records?limit=1')).json,
    );
    expect(latest?.ip_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('reading, erasing and exporting', () => {
  it('filters by application, locale and time, and pages with before/limit', async () => {
    const version = await consentEtag();
    for (const locale of ['it', 'it', 'fr']) {
      expect(
        (await record({ choices: { ads: locale === 'fr' }, config_version: version, locale }))
          .status,
      ).toBe(201);
    }
    const italian = consentRecordListSchema.parse(
      (await api.request('GET', '/consent-records?locale=it')).json,
    );
    expect(italian).toHaveLength(2);
    const ads = consentRecordListSchema.parse(
      (await api.request('GET', '/consent-records?application=ads')).json,
    );
    expect(ads).toHaveLength(3);
    const first = consentRecordListSchema.parse(
      (await api.request('GET', '/consent-records?application=ads&limit=2')).json,
    );
    const next = consentRecordListSchema.parse(
      (
        await api.request(
          'GET',
          `/consent-records?application=ads&limit=2&before=${String(first[1]?.id)}`,
        )
      ).json,
    );
    expect([...first, ...next].map((r) => r.id)).toEqual(ads.map((r) => r.id));
    const future = consentRecordListSchema.parse(
      (await api.request('GET', '/consent-records?from=2999-01-01T00:00:00Z')).json,
    );
    expect(future).toHaveLength(0);
    // The days the records were stored on, not the day the test reads: three records sent
    // around midnight UTC fall on two days (issue 36).
    const days = await api.request('GET', '/consent-records/days?application=ads');
    const recordDays = [...new Set(ads.map((r) => r.created_at.slice(0, 10)))].sort();
    expect(days.json).toEqual(
      recordDays.map((day) => {
        const onDay = ads.filter((r) => r.created_at.startsWith(day));
        const all = onDay.filter((r) => r.choices['ads'] === true).length;
        return { day, all, some: 0, none: onDay.length - all };
      }),
    );
    expect(ads.filter((r) => r.choices['ads'] === true)).toHaveLength(1);
    expect((await api.request('GET', '/consent-records?limit=0')).status).toBe(400);
  });

  it('erases every record of a consent id, for admins only, in the audit feed', async () => {
    const version = await consentEtag();
    const consentId = 'erase-me-0001';
    for (let i = 0; i < 3; i += 1) {
      expect(
        (
          await record({
            consent_id: consentId,
            choices: { a: i % 2 === 0 },
            config_version: version,
            locale: 'en',
          })
        ).status,
      ).toBe(201);
    }
    const editorId = await findOrCreateUser(api.db, 'editor@records.test');
    await ensureMembership(api.db, editorId, 'demo', 'editor');
    const editor = await issueToken(api.db, editorId);
    expect(
      (await api.request('DELETE', `/consent-records?consent_id=${consentId}`, { token: editor }))
        .status,
    ).toBe(403);
    expect(
      consentRecordListSchema.parse(
        (await api.request('GET', `/consent-records?consent_id=${consentId}`)).json,
      ),
    ).toHaveLength(3);

    const erased = await api.request('DELETE', `/consent-records?consent_id=${consentId}`);
    expect(erased.status).toBe(200);
    expect(erased.json).toEqual({ deleted: 3 });
    const count = await api.db
      .selectFrom('consent_records')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('consent_id', '=', consentId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
    const audit = revisionListSchema.parse(
      (await api.request('GET', '/audit?resource=consent_records')).json,
    );
    expect(audit[0]).toMatchObject({
      resource_id: consentId,
      actor: { email: 'admin@example.com' },
      changes: [{ field: 'records', before: 3, after: 0 }],
    });
  });

  it('prunes records past the retention in steps, keeping the rest', async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await insertConsentRecords(
      api.db,
      Array.from({ length: 25 }, (_, i) => ({
        siteId: 'demo',
        consentId: `old-record-${String(i).padStart(4, '0')}`,
        createdAt: old,
        choices: { a: true },
        configVersion: 0,
        configEtag: 'old',
        locale: 'en',
        page: null,
        userAgent: null,
        ipHash: 'h',
      })),
    );
    const kept = consentRecordListSchema.parse(
      (await api.request('GET', '/consent-records?limit=200')).json,
    ).length;
    expect(await runConsentRetention(api.db, new Date(), 10)).toBe(25);
    expect(
      consentRecordListSchema.parse((await api.request('GET', '/consent-records?limit=200')).json)
        .length,
    ).toBe(kept - 25);
  });

  it('stores every column of each record in batches of any size, past one statement', async () => {
    // 1, 2 and 503 records: the last crosses the 500 rows of one INSERT statement.
    for (const size of [1, 2, 503]) {
      const records = Array.from({ length: size }, (_, i) => ({
        siteId: 'demo',
        consentId: `batch-${String(size)}-${String(i).padStart(4, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 60)).toISOString(),
        choices: { maps: i % 2 === 0, chat: i % 3 === 0, video: false },
        configVersion: i,
        configEtag: `etag-${String(i)}`,
        locale: i % 2 === 0 ? 'de' : 'pt',
        page: i % 5 === 0 ? null : `https://shop.example.com/p/${String(i)}`,
        userAgent: i % 7 === 0 ? null : `agent ${String(i)}`,
        ipHash: `hash-${String(i)}`,
      }));
      await insertConsentRecords(api.db, records);
      for (const i of [0, size - 1, 499, 500].filter((n) => n < size)) {
        const sent = records[i];
        const [stored, ...more] = consentRecordListSchema.parse(
          (await api.request('GET', `/consent-records?consent_id=${sent?.consentId ?? ''}`)).json,
        );
        expect(more).toHaveLength(0);
        const accepted = (i % 2 === 0 ? 1 : 0) + (i % 3 === 0 ? 1 : 0);
        expect(stored).toMatchObject({
          consent_id: sent?.consentId,
          created_at: sent?.createdAt,
          choices: sent?.choices,
          outcome: accepted === 0 ? 'none' : 'some',
          config_version: `etag-${String(i)}`,
          config_revision: i,
          locale: sent?.locale,
          page: sent?.page,
          user_agent: sent?.userAgent,
          ip_hash: `hash-${String(i)}`,
        });
      }
      const application = consentRecordListSchema.parse(
        (await api.request('GET', '/consent-records?application=chat&locale=pt&limit=200')).json,
      );
      expect(application.every((r) => r.locale === 'pt' && 'chat' in r.choices)).toBe(true);
    }
  });

  it('streams an export of 100,000 records as CSV with RSS growth under 50 MB', async () => {
    const total = 100_000;
    const earlier = await api.db
      .selectFrom('consent_records')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('site_id', '=', 'acme')
      .executeTakeFirstOrThrow();
    for (let start = 0; start < total; start += 5_000) {
      await insertConsentRecords(
        api.db,
        Array.from({ length: 5_000 }, (_, i) => ({
          siteId: 'acme',
          consentId: `bulk-${String(start + i).padStart(8, '0')}`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, 0, start + i)).toISOString(),
          choices: { analytics: i % 2 === 0, ads: i % 3 === 0, '=cmd': true },
          configVersion: 0,
          configEtag: 'bulk',
          locale: 'en',
          page: 'https://shop.example.com/products/some-long-path',
          userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)',
          ipHash: 'x'.repeat(43),
        })),
      );
    }
    // A socket of its own each: the inserts above kept the loop busy past the keep-alive timeout.
    const exportCsv = async (onChunk: (chunk: Buffer) => void) => {
      const response = await new Promise<IncomingMessage>((resolve, reject) => {
        get(
          `${api.baseUrl}/api/consent-records/export`,
          {
            agent: false,
            headers: { authorization: `Bearer ${api.adminToken}`, 'x-service-site': 'acme' },
          },
          resolve,
        ).on('error', reject);
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      for await (const chunk of response) onChunk(chunk as Buffer);
    };
    // Once to warm up (the driver's and the stream's first allocations), then measured. RSS is
    // read after a collection now and then: what the export holds, not garbage not yet swept
    // (how soon that is swept depends on how busy the machine is).
    await exportCsv(() => undefined);
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().rss;
    let chunks = 0;
    let peak = before;
    let lines = 0;
    let head = '';
    await exportCsv((chunk) => {
      if (head.length < 500) head += chunk.toString('utf8', 0, 500);
      // Counted in the bytes: the client's own garbage would count as the server's growth.
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
      chunks += 1;
      if (chunks % 50 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().rss);
      }
    });
    expect(lines).toBe(1 + Number(earlier.n) + total);
    expect(head.split('\r\n')[0]).toBe(
      'id,consent_id,created_at,outcome,choices,config_version,config_revision,locale,page,user_agent,ip_hash',
    );
    // A quoted JSON cell; the application named like a formula stays text.
    expect(head).toContain('"{""analytics"":true,""ads"":true,""=cmd"":true}"');
    expect(peak - before).toBeLessThanOrEqual(50 * 1024 * 1024);
  }, 120_000);
});

describe('limits', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ consentRecordLimits: { perAddressPerMinute: 3 } });
    await limited.request('PATCH', '/settings/consent/public-key', { body: { origins: [ORIGIN] } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('answers 429 with Retry-After past the per-address limit, storing nothing', async () => {
    const settings = consentPublicKeySchema.parse(
      (await limited.request('GET', '/settings/consent/public-key')).json,
    );
    const etag = (await limited.request('GET', '/settings/consent')).headers.get('etag') ?? '';
    const send = () =>
      limited.request('POST', '/public/sites/demo/consent-records', {
        token: null,
        site: null,
        headers: { origin: ORIGIN, 'x-consent-key': settings.key },
        body: { choices: { a: true }, config_version: etag.replace(/"/g, ''), locale: 'en' },
      });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    const refused = await send();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    errorBodySchema.parse(refused.json);
    const rows = consentRecordListSchema.parse(
      (await limited.request('GET', '/consent-records')).json,
    );
    expect(rows).toHaveLength(3);
  });
});

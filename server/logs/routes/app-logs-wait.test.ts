/**
 * `GET /apps/{key}/logs?since=…&wait=N` (decision 013) against a real service on a real SQLite
 * file, answered both ways: below Fastify (the fast path of decision 036, which takes a tail's
 * requests once its token and app are cached) and by the Fastify route. No test sleeps: a request
 * that did not wake would run into the test's timeout, and a request that did not wait is seen in
 * what it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appLogEntrySchema, type AppLogEntry } from '../../../contract/schemas/app-log';
import { errorBodySchema } from '../../../contract/schemas/error';
import { InProcessLogNotifier } from '../waits/log-notifier';
import { insertApp } from '../../apps/store/apps';
import { appFixture, startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let appCount = 0;

/**
 * The auth cache answers the fast path only while the auth change counter was read within 250 ms
 * (AUTH_CHANGE_POLL_MS): on a busy machine the pause between two requests, not the request,
 * decided which way a tail went ('expected 5 to be greater than 5' beside two busy loops). No
 * test here changes a token or a role, so the cache may hold for the whole file.
 */
const AUTH_CACHE = { cacheTtlMs: 10 * 60_000, changePollMs: 10 * 60_000 };
/**
 * The fast path answers only from the app id cache (server/logs/routes/app-ids.ts, 5 s by
 * default): a pause of 5 s between the request that filled it and the next, which a busy machine
 * can make, sent the next to the route. The ids here never change, so they may hold for the file.
 */
const APP_ID_CACHE_TTL_MS = 10 * 60_000;

/** Every suite runs with the fast path and without it. */
const WAYS = [
  { way: 'below Fastify', waitFastPath: true },
  { way: 'by the Fastify route', waitFastPath: false },
];

async function newApp(): Promise<string> {
  appCount += 1;
  const key = `wait-app-${appCount}`;
  await insertApp(api.db, 'demo', appFixture(key));
  return key;
}

function logsUrl(key: string, query: Record<string, string>): string {
  return `${api.baseUrl}/api/apps/${key}/logs?${new URLSearchParams(query)}`;
}

const headers = () => ({ authorization: `Bearer ${api.adminToken}`, 'x-service-site': 'demo' });

async function getLogs(
  key: string,
  query: Record<string, string>,
  signal?: AbortSignal,
): Promise<AppLogEntry[]> {
  const response = await fetch(logsUrl(key, query), { headers: headers(), signal });
  expect(response.status).toBe(200);
  return z.array(appLogEntrySchema).parse(await response.json());
}

async function post(key: string, messages: readonly string[]): Promise<AppLogEntry[]> {
  const response = await api.request('POST', `/apps/${key}/logs`, {
    body: { logs: messages.map((message) => ({ level: 'info', data: message })) },
  });
  expect(response.status).toBe(201);
  return z.array(appLogEntrySchema).parse(response.json);
}

/** Requests the service holds. */
function waiting(): number {
  return api.app.logTails.stats().waiting;
}

function timeouts(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

describe.each(WAYS)('GET /apps/:app_id/logs?wait answered $way', ({ waitFastPath }) => {
  beforeAll(async () => {
    api = await startTestApi({
      waitFastPath,
      authCache: AUTH_CACHE,
      appIdCacheTtlMs: APP_ID_CACHE_TTL_MS,
    });
  });

  afterAll(async () => {
    // Each way was the one taken.
    const taken = api.app.waitFastPath?.taken ?? 0;
    await api.close();
    if (waitFastPath) expect(taken).toBeGreaterThan(5);
    else expect(taken).toBe(0);
  });

  it('answers at once when there is an entry newer than since', async () => {
    const key = await newApp();
    const [first, second] = await post(key, ['one', 'two']);
    const page = await getLogs(key, { since: String(first?.time), wait: '30' });
    expect(page.map((entry) => entry.id)).toEqual([first?.id, second?.id]);
  });

  it('waits while only the entry at since exists, and answers when a newer one is committed', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    const page = getLogs(key, { since: String(held?.time), wait: '30' });
    await expect.poll(waiting).toBe(1);
    const [fresh] = await post(key, ['fresh']);
    // Had it answered before the post, the page would hold only the entry at since.
    expect((await page).map((entry) => entry.id)).toEqual([held?.id, fresh?.id]);
    expect(waiting()).toBe(0);
  });

  it('answers a woken wait with the status, headers and bytes of an immediate answer', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    const since = String(held?.time);
    const waited = fetch(logsUrl(key, { since, wait: '30' }), { headers: headers() });
    await expect.poll(waiting).toBe(1);
    await post(key, ['fresh']);
    const woken = await waited;
    const immediate = await fetch(logsUrl(key, { since }), { headers: headers() });
    // Only the date may differ (a second may have turned in between).
    const described = (response: Response) => ({
      status: response.status,
      headers: [...response.headers].filter(([name]) => name !== 'date'),
    });
    expect(described(woken)).toEqual(described(immediate));
    expect(await woken.text()).toBe(await immediate.text());
  });

  it('answers at once when entries at since fill the page (the client must go past them)', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    const page = await getLogs(key, { since: String(held?.time), wait: '30', limit: '1' });
    expect(page.map((entry) => entry.id)).toEqual([held?.id]);
  });

  it('answers after the wait with what there is', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    const page = await getLogs(key, { since: String(held?.time), wait: '0.2' });
    expect(page.map((entry) => entry.id)).toEqual([held?.id]);
    expect(waiting()).toBe(0);
  });

  it('is not woken by entries its filter does not match', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    const page = getLogs(key, { since: String(held?.time), wait: '30', q: 'wanted' });
    await expect.poll(waiting).toBe(1);
    await post(key, ['other']);
    const [wanted] = await post(key, ['the wanted one']);
    expect((await page).map((entry) => entry.id)).toEqual([wanted?.id]);
  });

  it('delivers a burst larger than a page whole: the next poll answers at once', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    let cursor = String(held?.time);
    const first = getLogs(key, { since: cursor, wait: '30', limit: '5' });
    await expect.poll(waiting).toBe(1);
    const burst = await post(
      key,
      Array.from({ length: 12 }, (_, index) => `burst ${index}`),
    );
    const seen: string[] = [];
    let page = await first;
    for (;;) {
      const fresh = page.filter((entry) => String(entry.time) !== cursor);
      seen.push(...fresh.map((entry) => entry.id));
      if (seen.length >= burst.length) break;
      cursor = String(page[page.length - 1]?.time);
      page = await getLogs(key, { since: cursor, wait: '30', limit: '5' });
    }
    expect(seen).toEqual(burst.map((entry) => entry.id));
  });

  it('leaves no wait and no timer behind when the client aborts', async () => {
    const key = await newApp();
    const [held] = await post(key, ['held']);
    const before = timeouts();
    const controller = new AbortController();
    const page = getLogs(key, { since: String(held?.time), wait: '30' }, controller.signal);
    await expect.poll(waiting).toBe(1);
    controller.abort();
    await expect(page).rejects.toThrow();
    await expect.poll(waiting).toBe(0);
    expect(api.app.logTails.stats().groups).toBe(0);
    await expect.poll(timeouts).toBeLessThanOrEqual(before);
  });

  it('answers 400 with the Error body for a bad wait', async () => {
    const key = await newApp();
    const cases: Array<Record<string, string>> = [
      { since: '0', wait: '31' },
      { since: '0', wait: '-1' },
      { since: '0', wait: 'soon' },
      { wait: '5' },
      { since: '0', before: '1', wait: '5' },
    ];
    for (const query of cases) {
      const response = await fetch(logsUrl(key, query), { headers: headers() });
      expect(response.status).toBe(400);
      const body = errorBodySchema.parse(await response.json());
      expect(body.errors[0]?.field).toBe('wait');
    }
  });
});

describe.each(WAYS)('waiting requests answered $way on shutdown', ({ waitFastPath }) => {
  it('answer when the server closes, and the close does not wait out the wait', async () => {
    const own = new InProcessLogNotifier();
    const server = await startTestApi({
      logNotifier: own,
      waitFastPath,
      // The POST fills the caches the wait after it is answered from (taken, below).
      authCache: AUTH_CACHE,
      appIdCacheTtlMs: APP_ID_CACHE_TTL_MS,
    });
    try {
      await insertApp(server.db, 'demo', appFixture('closing'));
      const posted = await server.request('POST', '/apps/closing/logs', {
        body: { logs: [{ level: 'info', data: 'held' }] },
      });
      const [held] = z.array(appLogEntrySchema).parse(posted.json);
      const response = fetch(
        `${server.baseUrl}/api/apps/closing/logs?since=${held?.time}&wait=30`,
        { headers: { authorization: `Bearer ${server.adminToken}`, 'x-service-site': 'demo' } },
      );
      await expect.poll(() => server.app.logTails.stats().waiting).toBe(1);
      const closed = server.app.close();
      const answer = await response;
      await closed;
      expect(answer.status).toBe(200);
      expect(answer.headers.get('connection')).toBe('close');
      expect(z.array(appLogEntrySchema).parse(await answer.json())).toHaveLength(1);
      expect(own.listenerCount()).toBe(0);
      expect(server.app.waitFastPath?.taken ?? 0).toBe(waitFastPath ? 1 : 0);
    } finally {
      await server.close();
    }
  });
});

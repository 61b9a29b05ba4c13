/**
 * Property-based fuzzing of every write route and of the log query, on the real service (a
 * child process on a real SQLite file, or with TEST_ENGINE=postgres on a PostgreSQL database of
 * its own) over HTTP: never a 5xx; every error is the Error body
 * with its status as `code` and a status the route documents; a failed write commits nothing (no
 * revision either); `GET /audit` answers its feed newest first or a 400;
 * `/api/health` keeps answering within 100 ms of a control server meanwhile.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogEntrySchema } from '../../contract/schemas/app-log';
import { revisionListSchema } from '../../contract/schemas/audit';
import { logContextSchema, logJobsSchema } from '../../contract/schemas/app-log-find';
import { logFacetsSchema } from '../../contract/schemas/app-log-facets';
import { errorBodySchema } from '../../contract/schemas/error';
import {
  appPatchBody,
  auditQuery,
  consentPatchBody,
  logFindRequest,
  logIngestBody,
  logQuery,
  logViewPostBody,
  memberPatchBody,
  layoutPutBody,
  notificationPutBody,
  siteSettingsPatchBody,
  tokenPostBody,
  type FuzzBody,
} from './arbitraries';
import { createPostgresDatabase, testEngine } from '../database/test-database.test-helper';
import { TEMPLATE_ENV } from '../database/test-templates.global-setup';
import { openDbSnapshots, type DbSnapshots } from './db-snapshot';
import { healthBoundMs, watchHealth } from './health-watch';
import { startServiceProcess, type ServiceProcess } from './service-process';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
/**
 * A route's runs, a hang guard only (FUZZ_TIMEOUT_MS): 1,000 runs of a route took past the
 * config's 120 s beside two busy loops at load 30-50, and the machine's speed is not what this
 * file tests.
 */
const ROUTE_TIMEOUT_MS = Number(process.env.FUZZ_TIMEOUT_MS ?? 900_000);
/**
 * The route whose runs may write now. A property whose test timed out goes on running in the
 * background (vitest does not stop it): its writes landed in the next route's runs, whose failed
 * writes then "changed" the database ('/tokens 422: expected false to be true' after the route
 * before it timed out). A run of a route that is no longer the current one does nothing.
 */
let currentRoute = '';
/**
 * Health answers (p99) within 100 ms of a control server asked at the same moments, the 100 ms
 * stretched by as much as the machine is slow now (healthBoundMs in health-watch.ts): what the
 * fuzzing adds, not what the machine's other load adds. The p99 at rest, measured just before,
 * is printed beside it. RELIABILITY_HEALTH_LIMIT_MS changes the 100.
 */
const HEALTH_LIMIT_MS = Number(process.env.RELIABILITY_HEALTH_LIMIT_MS ?? 100);

async function healthAtRest(): Promise<number> {
  const idle = watchHealth(service.apiUrl);
  await new Promise((wake) => setTimeout(wake, 1_000));
  return (await idle.stop()).p99Ms;
}
/** Write errors the routes document (401/403/429 cannot happen with a valid token). */
/** 405: an empty id makes the list's path (`PATCH /apps/`), which takes no writes. */
/** 409: the fuzzer's user is the demo's only admin, so demoting it is the last-admin refusal. */
const WRITE_ERROR_STATUSES = [400, 404, 405, 409, 412, 413, 415, 422];

let service: ServiceProcess;
let token: string;
let snapshots: DbSnapshots;
let dropDatabase = () => Promise.resolve();

async function databaseUrl(): Promise<string | undefined> {
  if (testEngine === 'sqlite') return undefined;
  // A copy of the run's migrated template, as the API tests' databases (issue 36).
  const database = await createPostgresDatabase(
    process.env.TEST_DATABASE_URL ?? '',
    process.env[TEMPLATE_ENV.postgres],
  );
  dropDatabase = database.drop;
  return database.url;
}

beforeAll(async () => {
  service = await startServiceProcess({ databaseUrl: await databaseUrl() });
  token = await service.issueToken('demo');
  snapshots = await openDbSnapshots(service.dbPath);
});
afterAll(async () => {
  await snapshots.close();
  await service.dispose();
  await dropDatabase();
});

interface Answer {
  status: number;
  json: unknown;
}

async function send(method: string, path: string, body?: FuzzBody, ifMatch?: string) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-service-site': 'demo',
  };
  if (ifMatch !== undefined) headers['if-match'] = ifMatch;
  let payload: string | undefined;
  if (body) {
    headers['content-type'] = 'application/json';
    payload = 'raw' in body ? body.raw : JSON.stringify(body.json);
  }
  const response = await fetch(`${service.apiUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json } satisfies Answer;
}

function expectErrorBody(answer: Answer, allowed: readonly number[]) {
  expect(allowed, JSON.stringify(answer.json)).toContain(answer.status);
  const body = errorBodySchema.parse(answer.json);
  expect(body.code).toBe(answer.status);
}

const segment = (known: readonly string[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom('acme-shop', 'nope') },
    { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 20 }) },
  );
const ifMatch = fc.option(fc.oneof(fc.constant('*'), fc.string({ maxLength: 20 })), {
  freq: 4,
});

interface WriteRoute {
  name: string;
  method: string;
  path: fc.Arbitrary<string>;
  body: fc.Arbitrary<FuzzBody>;
  success: number;
  /** Undoes what a success left that would change the next run's outcome (a cap it fills). */
  afterSuccess?: (answer: Answer) => Promise<void>;
}

const WRITE_ROUTES: WriteRoute[] = [
  {
    name: 'PATCH /apps/{app_id}',
    method: 'PATCH',
    path: segment(['storefront', 'analytics']).map((id) => `/apps/${encodeURIComponent(id)}`),
    body: appPatchBody,
    success: 200,
  },
  {
    name: 'PATCH /settings/consent',
    method: 'PATCH',
    path: fc.constant('/settings/consent'),
    body: consentPatchBody,
    success: 200,
  },
  {
    name: 'PUT /notifications/{slug}',
    method: 'PUT',
    path: segment(['welcome', 'invoice']).map(
      (slug) => `/notifications/${encodeURIComponent(slug)}`,
    ),
    body: notificationPutBody,
    success: 200,
  },
  // Issue 38: creates the layout or changes it; a refused create leaves no row.
  {
    name: 'PUT /layouts/{slug}',
    method: 'PUT',
    path: segment(['brand', 'footer']).map((slug) => `/layouts/${encodeURIComponent(slug)}`),
    body: layoutPutBody,
    success: 200,
  },
  {
    name: 'POST /apps/{app_id}/logs',
    method: 'POST',
    path: segment(['storefront']).map((id) => `/apps/${encodeURIComponent(id)}/logs`),
    body: logIngestBody,
    success: 201,
  },
  // Issue 29. The fuzzer's user (id 1) is the demo's only admin: demoting it is refused (409),
  // so the fuzz never takes its own rights; other ids are no members (404).
  {
    name: 'PATCH /members/{user_id}',
    method: 'PATCH',
    path: segment(['1']).map((id) => `/members/${encodeURIComponent(id)}`),
    body: memberPatchBody,
    success: 200,
  },
  {
    name: 'POST /tokens',
    method: 'POST',
    path: fc.constant('/tokens'),
    body: tokenPostBody,
    success: 201,
    // Each user may hold 20 working tokens (decision 059): the fuzzer revokes what it minted, so
    // the cap does not turn every later mint into a 409 and the property keeps reaching both.
    afterSuccess: async (answer) => {
      const { id } = answer.json as { id: number };
      const revoked = await send('DELETE', `/tokens/${String(id)}`);
      expect(revoked.status).toBe(204);
    },
  },
  // Issue 30: the fuzzer's own saved views (a view of a name it already has is a 409).
  {
    name: 'POST /log-views',
    method: 'POST',
    path: fc.constant('/log-views'),
    body: logViewPostBody,
    success: 201,
  },
  // Last: a change of the site's languages changes which translations the PUT above may write.
  {
    name: 'PATCH /settings/site',
    method: 'PATCH',
    path: fc.constant('/settings/site'),
    body: siteSettingsPatchBody,
    success: 200,
  },
];

describe('fuzzing on the real service', () => {
  for (const route of WRITE_ROUTES) {
    it(
      `${route.name}: ${RUNS} runs, no 5xx, Error bodies, failed writes change nothing`,
      async () => {
        currentRoute = route.name;
        const atRest = await healthAtRest();
        const health = watchHealth(service.apiUrl);
        const statuses = new Map<number, number>();
        try {
          await fc.assert(
            fc.asyncProperty(route.path, route.body, ifMatch, async (path, body, etag) => {
              if (currentRoute !== route.name) return;
              await snapshots.mark();
              const answer = await send(route.method, path, body, etag ?? undefined);
              statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
              if (answer.status === route.success) {
                await route.afterSuccess?.(answer);
                return;
              }
              expectErrorBody(answer, WRITE_ERROR_STATUSES);
              expect(await snapshots.unchangedSinceMark(), `${path} ${answer.status}`).toBe(true);
            }),
            { numRuns: RUNS },
          );
        } finally {
          const figures = await health.stop();
          console.info(
            route.name,
            Object.fromEntries(statuses),
            'health',
            figures,
            'at rest',
            atRest,
          );
          expect(figures.failures).toBe(0);
          expect(figures.p99Ms).toBeLessThan(healthBoundMs(figures, HEALTH_LIMIT_MS));
        }
        // The inputs reach both outcomes, or the property proves little. The bound is far below
        // what random inputs give (PUT /notifications succeeds ~2.5 % of runs: 20 and 26 of 1,000
        // seen), so chance alone does not fail it (RUNS / 50 did, at exactly 20 on PostgreSQL).
        expect(statuses.get(route.success) ?? 0).toBeGreaterThan(RUNS / 200);
        expect(RUNS - (statuses.get(route.success) ?? 0)).toBeGreaterThan(RUNS / 200);
      },
      ROUTE_TIMEOUT_MS,
    );
  }

  it(
    `GET /audit: ${RUNS} runs, no 5xx, Error bodies, newest first`,
    async () => {
      currentRoute = 'GET /audit';
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(auditQuery, async (query) => {
          const answer = await send('GET', `/audit?${new URLSearchParams(query).toString()}`);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status !== 200) {
            expectErrorBody(answer, [400]);
            return;
          }
          const ids = revisionListSchema.parse(answer.json).map((revision) => revision.id);
          expect(ids).toEqual([...ids].sort((a, b) => b - a));
        }),
        { numRuns: RUNS },
      );
      console.info('GET /audit', Object.fromEntries(statuses));
      expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 50);
    },
    ROUTE_TIMEOUT_MS,
  );

  it(
    `GET /apps/{app_id}/logs: ${RUNS} runs over 21,000 entries, no 5xx, Error bodies`,
    async () => {
      currentRoute = 'GET /apps/{app_id}/logs';
      // Past SEARCH_SCAN_BUDGET entries in range, q takes the full-text index path.
      const batch = {
        json: {
          logs: Array.from({ length: 1000 }, (_, i) => ({
            level: 'info',
            data: { message: `order ${i} checkout failed` },
          })),
        },
      };
      for (let i = 0; i < 21; i++) {
        expect((await send('POST', '/apps/storefront/logs', batch)).status).toBe(201);
      }
      const atRest = await healthAtRest();
      const health = watchHealth(service.apiUrl);
      const statuses = new Map<number, number>();
      try {
        await fc.assert(
          fc.asyncProperty(segment(['storefront']), logQuery, async (appId, query) => {
            const path = `/apps/${encodeURIComponent(appId)}/logs?${new URLSearchParams(query).toString()}`;
            const answer = await send('GET', path);
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            if (answer.status !== 200) {
              expectErrorBody(answer, [400, 404]);
              return;
            }
            const entries = appLogEntrySchema.array().parse(answer.json);
            // A blank since (after trimming) is no since: the newest page comes first then.
            if (query.since !== undefined && query.since.trim() !== '') {
              const times = entries.map((entry) => entry.time);
              expect(times).toEqual([...times].sort((a, b) => a - b));
            }
          }),
          { numRuns: RUNS },
        );
      } finally {
        const figures = await health.stop();
        console.info(
          'GET logs',
          Object.fromEntries(statuses),
          'health',
          figures,
          'at rest',
          atRest,
        );
        expect(figures.failures).toBe(0);
        expect(figures.p99Ms).toBeLessThan(healthBoundMs(figures, HEALTH_LIMIT_MS));
      }
    },
    ROUTE_TIMEOUT_MS,
  );

  it(
    `GET /apps/{app_id}/logs/jobs, …/facets and …/{id}/context: ${RUNS} runs, no 5xx, Error bodies`,
    async () => {
      currentRoute = 'GET /apps/{app_id}/logs/jobs';
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(logFindRequest, async (path) => {
          const answer = await send('GET', path);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200) {
            if (path.includes('/jobs?')) {
              // A page of names is bounded (issue 42): at most 100, each at most 200 characters.
              const { jobs } = logJobsSchema.parse(answer.json);
              expect(jobs.length).toBeLessThanOrEqual(100);
              for (const job of jobs) expect(job.name.length).toBeLessThanOrEqual(200);
            } else if (path.includes('/facets?')) {
              logFacetsSchema.parse(answer.json);
            } else logContextSchema.parse(answer.json);
            return;
          }
          // 414: a path part over 100 characters (an id), refused before the router; 503: a
          // facets read past its time budget (`too_slow`, decision 059).
          expectErrorBody(answer, [400, 404, 414, 503]);
        }),
        { numRuns: RUNS },
      );
      console.info('GET logs find', Object.fromEntries(statuses));
      expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 50);
    },
    ROUTE_TIMEOUT_MS,
  );
});

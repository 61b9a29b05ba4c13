/**
 * Two service processes on one PostgreSQL database, as behind a load balancer (decision 012):
 * they start at once with DEMO=1 (migrations and the demo seed take turns); a tail waiting on
 * one wakes for an entry posted to the other (LISTEN/NOTIFY); ingestion through both while a
 * tail follows through each (every entry read exactly once, times strictly increasing); 50
 * If-Match writers spread over both (exactly one wins); ten failed sign-ins spread over both
 * trip the limiter. Needs TEST_DATABASE_URL (scripts/ensure-postgres.sh); skipped without it.
 */
import { startControlServer, type ControlServer } from './control-server';
import { SinceCursor } from './since-cursor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogEntrySchema, type AppLogEntry } from '../../contract/schemas/app-log';
import { errorBodySchema } from '../../contract/schemas/error';
import { startPostgresInstances, type PostgresInstances } from './postgres-instances';
import type { ServiceProcess } from './service-process';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';
if (adminUrl === '') {
  console.warn(
    'Multi-instance test skipped: TEST_DATABASE_URL is not set (scripts/ensure-postgres.sh)',
  );
}

const WRITERS = 50;
const INGESTERS_PER_INSTANCE = 2;
const BATCHES_PER_INGESTER = 20;
const ENTRIES_PER_BATCH = 20;

let cluster: PostgresInstances | undefined;
let instances: ServiceProcess[] = [];
let token = '';
let control: ControlServer;

beforeAll(async () => {
  control = await startControlServer();
  if (adminUrl === '') return;
  // Both migrate and seed the demo at once (they take turns; one seeds).
  cluster = await startPostgresInstances(adminUrl);
  ({ instances, token } = cluster);
});
afterAll(async () => {
  await control.close();
  await cluster?.dispose();
});

function instance(n: number): ServiceProcess {
  const chosen = instances[n % instances.length];
  if (!chosen) throw new Error('no service instance');
  return chosen;
}

function call(
  n: number,
  method: string,
  path: string,
  options: { body?: unknown; ifMatch?: string; token?: string } = {},
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${options.token ?? token}`,
    'x-service-site': 'demo',
  };
  if (options.ifMatch !== undefined) headers['if-match'] = options.ifMatch;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${instance(n).apiUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** Follows the app's log through instance `n` with `since` paging until told to stop. */
async function follow(n: number, since: number, done: () => boolean): Promise<AppLogEntry[]> {
  const seen: AppLogEntry[] = [];
  const cursor = new SinceCursor(since);
  for (;;) {
    const finished = done();
    const response = await call(n, 'GET', `/apps/storefront/logs?since=${cursor.time}&limit=200`);
    expect(response.status).toBe(200);
    const page = appLogEntrySchema.array().parse(await response.json());
    const fresh = cursor.take(page);
    seen.push(...fresh);
    if (finished && fresh.length === 0) return seen;
    if (page.length < 200) await new Promise((wake) => setTimeout(wake, 20));
  }
}

describe.skipIf(adminUrl === '')('two instances on one PostgreSQL database', () => {
  it('ingestion through both: tails through each read every entry once, times strictly increasing', async () => {
    const marker = await call(0, 'POST', '/apps/storefront/logs', {
      body: { logs: [{ level: 'info', data: 'start' }] },
    });
    expect(marker.status).toBe(201);
    const [start] = appLogEntrySchema.array().parse(await marker.json());
    const acknowledged = new Set<string>([start?.id ?? '']);
    let ingesting = true;
    const readers = [0, 1].map((n) => follow(n, start?.time ?? 0, () => !ingesting));

    const ingester = async (n: number) => {
      for (let batch = 0; batch < BATCHES_PER_INGESTER; batch++) {
        const logs = Array.from({ length: ENTRIES_PER_BATCH }, (_, i) => ({
          level: 'info',
          data: { ingester: n, batch, i },
        }));
        const response = await call(n, 'POST', '/apps/storefront/logs', { body: { logs } });
        expect(response.status).toBe(201);
        for (const entry of appLogEntrySchema.array().parse(await response.json())) {
          acknowledged.add(entry.id);
        }
      }
    };
    await Promise.all(Array.from({ length: INGESTERS_PER_INSTANCE * 2 }, (_, n) => ingester(n)));
    ingesting = false;

    expect(acknowledged.size).toBe(
      1 + INGESTERS_PER_INSTANCE * 2 * BATCHES_PER_INGESTER * ENTRIES_PER_BATCH,
    );
    for (const read of await Promise.all(readers)) {
      expect(read.map((entry) => entry.id).sort()).toEqual([...acknowledged].sort());
      for (let i = 1; i < read.length; i++) {
        expect(read[i]?.time).toBeGreaterThan(read[i - 1]?.time ?? Infinity);
      }
    }
  });

  it('a tail waiting on one instance gets an entry posted to the other within a second', async () => {
    for (const [poster, waiter] of [
      [0, 1],
      [1, 0],
    ] as const) {
      const marker = await call(poster, 'POST', '/apps/storefront/logs', {
        body: { logs: [{ level: 'info', data: 'cursor' }] },
      });
      const [cursor] = appLogEntrySchema.array().parse(await marker.json());
      const held = call(waiter, 'GET', `/apps/storefront/logs?since=${cursor?.time ?? 0}&wait=20`);
      // Time for the waiting request to be held (if it were not, it would answer at once with
      // the entry, and the test would prove nothing about waking).
      await new Promise((wake) => setTimeout(wake, 500));
      const posted = await call(poster, 'POST', '/apps/storefront/logs', {
        body: { logs: [{ level: 'info', data: `across to ${waiter}` }] },
      });
      const postedAt = Date.now();
      // What the machine adds meanwhile (control-server.ts): the wake is compared to it.
      const controlMs = control.ask();
      const [entry] = appLogEntrySchema.array().parse(await posted.json());
      const answer = await held;
      const page = appLogEntrySchema.array().parse(await answer.json());
      expect(Date.now() - postedAt).toBeLessThan((await controlMs) + 1_000);
      expect(page.map((each) => each.id)).toEqual([cursor?.id, entry?.id]);
    }
  });

  it(`of ${WRITERS} If-Match writers spread over both, exactly one wins`, async () => {
    for (let round = 0; round < 3; round++) {
      const etag = (await call(0, 'GET', '/apps/storefront')).headers.get('etag') ?? '';
      const answers = await Promise.all(
        Array.from({ length: WRITERS }, async (_, n) => {
          const name = `Writer ${round}-${n}`;
          const response = await call(n, 'PATCH', '/apps/storefront', {
            body: { name },
            ifMatch: etag,
          });
          return { name, status: response.status, json: (await response.json()) as unknown };
        }),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners).toHaveLength(1);
      for (const loser of answers.filter((answer) => answer.status !== 200)) {
        expect(loser.status).toBe(412);
        expect(errorBodySchema.parse(loser.json).code).toBe(412);
      }
      const stored = (await (await call(1, 'GET', '/apps/storefront')).json()) as { name: string };
      expect(stored.name).toBe(winners[0]?.name);
    }
  });

  it('ten failed sign-ins spread over both trip the limiter in both', async () => {
    for (let n = 0; n < 10; n++) {
      expect((await call(n, 'GET', '/apps', { token: 'scs_wrong' })).status).toBe(401);
    }
    for (const n of [0, 1]) {
      const refused = await call(n, 'GET', '/apps', { token: 'scs_wrong' });
      expect(refused.status).toBe(429);
      expect(errorBodySchema.parse(await refused.json()).code).toBe(429);
      // a valid token still passes
      expect((await call(n, 'GET', '/apps')).status).toBe(200);
    }
  });
});

/**
 * The database may go away and come back (issue 26): two service instances on a PostgreSQL
 * server of the test's own (private-postgres.ts: never the shared one on 5432), which is
 * restarted, crashed and has its sessions terminated, with and without ingestion and tails. The
 * instances must stay up, answer only successes or 503 with the Error body and `Retry-After`
 * meanwhile, serve again afterwards without a restart, keep every acknowledged entry, and each
 * tail must read every stored entry exactly once. Skipped, with the reason, where the private
 * server cannot run (no PostgreSQL 15 binaries).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAround, type OutageFigures } from './outage-load';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from './private-postgres';
import { startServiceProcess, type ServiceProcess } from './service-process';

const unavailable = privatePostgresUnavailable();
if (unavailable !== undefined) console.warn(`PostgreSQL restart test skipped: ${unavailable}`);

let server: PrivatePostgres | undefined;
let instances: ServiceProcess[] = [];
let token = '';

beforeAll(async () => {
  if (unavailable !== undefined) return;
  server = await startPrivatePostgres();
  const url = server.url;
  instances = await Promise.all([
    startServiceProcess({ databaseUrl: url }),
    startServiceProcess({ databaseUrl: url }),
  ]);
  token = await instances[0]!.issueToken('demo');
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.dispose()));
  await server?.dispose();
});

function expectSurvived(figures: OutageFigures): void {
  const outputs = instances.map((instance) => instance.output()).join('\n---\n');
  expect(figures.exited, outputs.slice(-4000)).toBe(0);
  expect(figures.bad).toEqual([]);
  expect(figures.lostAcknowledged).toBe(0);
  for (const tail of figures.tails) {
    expect(tail).toEqual({ read: figures.stored, duplicates: 0, missing: 0, unknown: 0 });
  }
  // Work went on around the disturbance.
  expect(figures.statuses['201']).toBeGreaterThan(0);
}

/** Every instance answers `GET /apps` 200 again (within 30 s); none exited. */
async function expectServing(): Promise<void> {
  for (const instance of instances) {
    await expect
      .poll(
        async () => {
          const response = await fetch(`${instance.apiUrl}/apps`, {
            headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' },
          }).catch(() => undefined);
          return response?.status;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(200);
    expect(instance.exitCode(), instance.output().slice(-4000)).toBeNull();
  }
}

describe.skipIf(unavailable !== undefined)('PostgreSQL goes away and comes back', () => {
  it('a restart with no load: both instances stay up and serve again', async () => {
    await server!.restart();
    // Time for the idle connections (pool, LISTEN, the leader's) to hear that they were closed.
    await new Promise((wake) => setTimeout(wake, 500));
    await expectServing();
  });

  it('a restart under ingestion and tails: nothing acknowledged lost, each tail reads each entry once', async () => {
    const figures = await loadAround(instances, token, () => server!.restart());
    expectSurvived(figures);
  });

  it('a crash and two seconds down: 503 with Retry-After meanwhile, then served again', async () => {
    const figures = await loadAround(instances, token, async () => {
      await server!.crash();
      await new Promise((wake) => setTimeout(wake, 2_000));
      await server!.start();
    });
    expectSurvived(figures);
    expect(figures.statuses['503']).toBeGreaterThan(0);
  });

  it('pg_terminate_backend of every service connection: the same', async () => {
    const figures = await loadAround(instances, token, async () => {
      await server!.psql(
        "select count(pg_terminate_backend(pid)) from pg_stat_activity where datname = 'site_console' and pid <> pg_backend_pid()",
      );
    });
    expectSurvived(figures);
  });
});

/**
 * The log abuse scenarios of `npm run chaos` (issue 26, decision 040), each against a real
 * service process on SQLite while a worker asks `/api/health` every 20 ms and another asks an
 * idle control server in the same moment:
 * - slow filter: several clients send `level=fatal` and `job=…&level=fatal` pages (no match) to
 *   an app of SLOW_FILTER_ENTRIES entries, which once walked every row on the event loop;
 * - flood past the quota: several clients post 1000-entry batches to one app, past
 *   LOG_QUOTA_PER_MINUTE; every refusal must be a 429 with Retry-After and the Error body.
 * Reports health p99 (and the control's) during each; a 5xx, a failed health check, or a refusal
 * that is not the Error body fails the run.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { errorBodySchema } from '../contract/schemas/error';
import { toLogRow } from '../server/logs/store/app-logs-rows';
import { placeLogRows } from '../server/logs/store/app-logs-write';
import { openDatabase } from '../server/database/db';
import { startControlServer } from '../server/reliability/control-server';
import { watchHealth, type HealthFigures } from '../server/reliability/health-watch';
import {
  postStorefrontLogs,
  startServiceProcess,
  type ServiceProcess,
} from '../server/reliability/service-process';

const SLOW_FILTER_ENTRIES = Number(process.env.CHAOS_FILTER_ENTRIES ?? 300_000);
const SCENARIO_MS = 5000;
const CLIENTS = 4;
const FLOOD_QUOTA_PER_MINUTE = 20_000;

export interface ScenarioFigures {
  requests: number;
  byStatus: Record<string, number>;
  health: HealthFigures;
  control: HealthFigures;
  problems: string[];
}

/** Runs `client` CLIENTS times in parallel for SCENARIO_MS, with health and control watched. */
async function underWatch(
  service: ServiceProcess,
  client: (count: (status: number, problem?: string) => void) => Promise<void>,
): Promise<ScenarioFigures> {
  const control = await startControlServer();
  const health = watchHealth(service.apiUrl);
  const idle = watchHealth(control.apiUrl);
  const byStatus: Record<string, number> = {};
  const problems: string[] = [];
  let requests = 0;
  const count = (status: number, problem?: string) => {
    requests += 1;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    if (status >= 500) problems.push(`status ${String(status)}`);
    if (problem !== undefined) problems.push(problem);
  };
  const until = Date.now() + SCENARIO_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) await client(count);
    }),
  );
  const [healthFigures, controlFigures] = await Promise.all([health.stop(), idle.stop()]);
  await control.close();
  if (healthFigures.failures > 0)
    problems.push(`${String(healthFigures.failures)} failed health checks`);
  return { requests, byStatus, health: healthFigures, control: controlFigures, problems };
}

/** Stores `entries` info entries (no fatal) in the demo's storefront app, with the service down. */
async function fillStorefront(service: ServiceProcess, entries: number): Promise<void> {
  await service.kill9();
  const db = openDatabase(service.dbPath);
  try {
    const app = await db
      .selectFrom('apps')
      .select('id')
      .where('site_id', '=', 'demo')
      .where('key', '=', 'storefront')
      .executeTakeFirstOrThrow();
    const startUs = Date.now() * 1000 - entries * 1000;
    for (let from = 0; from < entries; from += 1000) {
      const rows = [];
      for (let i = from; i < Math.min(entries, from + 1000); i += 1) {
        rows.push(
          toLogRow(
            app.id,
            {
              level: i % 5 === 0 ? 'warn' : 'info',
              data: { message: `GET /api/orders/${String(i)} 200`, i },
              ...(i % 3 === 0 ? { context: { job: { name: 'sync-orders' } } } : {}),
            },
            startUs + i * 1000,
          ),
        );
      }
      await placeLogRows(db, rows);
      await nextTurn();
    }
  } finally {
    await db.destroy();
  }
  await service.start();
}

async function slowFilter(): Promise<ScenarioFigures> {
  const service = await startServiceProcess();
  try {
    await fillStorefront(service, SLOW_FILTER_ENTRIES);
    const token = await service.issueToken('demo');
    const queries = ['level=fatal', 'job=sync-orders&level=fatal', 'level=error', 'job=nightly'];
    let round = 0;
    return await underWatch(service, async (count) => {
      round += 1;
      // A limit of its own: the page cache must not answer.
      const query = `${queries[round % queries.length] ?? ''}&limit=${String(100 + (round % 100))}`;
      const response = await fetch(`${service.apiUrl}/apps/storefront/logs?${query}`, {
        headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' },
      });
      await response.arrayBuffer();
      count(response.status);
    });
  } finally {
    await service.dispose();
  }
}

async function floodPastQuota(): Promise<ScenarioFigures> {
  const service = await startServiceProcess({
    env: { LOG_QUOTA_PER_MINUTE: String(FLOOD_QUOTA_PER_MINUTE) },
  });
  try {
    const token = await service.issueToken('demo');
    const logs = Array.from({ length: 1000 }, (_, i) => ({
      level: 'info',
      data: { message: `flood ${String(i)}`, padding: 'x'.repeat(200) },
    }));
    return await underWatch(service, async (count) => {
      const response = await postStorefrontLogs(service.apiUrl, token, logs);
      const body: unknown = await response.json();
      if (response.status !== 429) {
        count(response.status);
        return;
      }
      const retryAfter = Number(response.headers.get('retry-after'));
      const parsed = errorBodySchema.safeParse(body);
      if (!(retryAfter >= 1) || !parsed.success || parsed.data.code !== 429) {
        count(429, 'a 429 without Retry-After or the Error body');
        return;
      }
      count(429);
    });
  } finally {
    await service.dispose();
  }
}

/** Runs both scenarios, prints their figures; true when none had a problem. */
export async function runLogAbuseScenarios(): Promise<boolean> {
  let ok = true;
  for (const [name, run] of [
    [
      `slow filter (${String(SLOW_FILTER_ENTRIES)} entries, level=fatal and job filters)`,
      slowFilter,
    ],
    [
      `flood past the quota (LOG_QUOTA_PER_MINUTE=${String(FLOOD_QUOTA_PER_MINUTE)})`,
      floodPastQuota,
    ],
  ] as const) {
    const figures = await run();
    console.log(`${name}:`, {
      requests: figures.requests,
      byStatus: figures.byStatus,
      healthP99Ms: figures.health.p99Ms,
      controlP99Ms: figures.control.p99Ms,
      healthMaxMs: figures.health.maxMs,
      problems: figures.problems.slice(0, 5),
    });
    if (figures.problems.length > 0) ok = false;
  }
  return ok;
}

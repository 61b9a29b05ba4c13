/**
 * Load on service instances while something happens to their database (a restart, a crash,
 * killed connections): ingesters posting batches through every instance, a waiting tail
 * following the log through each, and a health probe per instance. Every answer is classified:
 * 200/201, a proper refusal (503 with the spec's Error body and `Retry-After`), or a bad one
 * (any other status, a 503 without the body or the header, a refused connection). Afterwards
 * the log is read whole: every acknowledged entry must be there, and each tail must have read
 * every stored entry exactly once. For `postgres-restart.test.ts` and `npm run chaos`.
 */
import { appLogEntrySchema, type AppLogEntry } from '../../contract/schemas/app-log';
import { errorBodySchema } from '../../contract/schemas/error';
import type { ServiceProcess } from './service-process';
import { SinceCursor } from './since-cursor';

const INGESTERS_PER_INSTANCE = 2;
const ENTRIES_PER_BATCH = 10;
const PAGE = 200;
/** Longest an instance may take to serve again after the disturbance ends. */
const RECOVERY_MS = 30_000;

export interface OutageFigures {
  /** Entries answered 201. */
  acknowledged: number;
  /** Entries stored since the start marker (read back at the end). */
  stored: number;
  /** Acknowledged entries missing from the store. */
  lostAcknowledged: number;
  /** Per tail: entries read twice, stored entries it never read, entries it read that are not stored. */
  tails: Array<{ read: number; duplicates: number; missing: number; unknown: number }>;
  /** Answers by status (`network` for a failed connection). */
  statuses: Record<string, number>;
  /** Answers that are neither a success nor a proper 503 (at most 20 listed). */
  bad: string[];
  /** Latencies of every health probe during the load (ms), in order. */
  healthMs: number[];
  /** Milliseconds from the disturbance's end until every instance served `GET /apps` again. */
  recoveredMs: number;
  /** Instances whose process is no longer running. */
  exited: number;
}

interface Client {
  token: string;
  instances: readonly ServiceProcess[];
  statuses: Record<string, number>;
  bad: string[];
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

/** One request; answers the parsed JSON of a 2xx, or undefined after a proper or bad refusal. */
async function call(
  client: Client,
  n: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const instance = client.instances[n % client.instances.length];
  if (!instance) throw new Error('no instance');
  let status = 'network';
  try {
    const response = await fetch(`${instance.apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${client.token}`,
        'x-service-site': 'demo',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    status = String(response.status);
    client.statuses[status] = (client.statuses[status] ?? 0) + 1;
    const text = await response.text();
    if (response.ok) return JSON.parse(text) as unknown;
    const parsed = errorBodySchema.safeParse(safeJson(text));
    const proper =
      response.status === 503 &&
      parsed.success &&
      parsed.data.code === 503 &&
      /^\d+$/.test(response.headers.get('retry-after') ?? '');
    if (!proper) note(client, `${method} ${path} → ${status} ${text.slice(0, 200)}`);
    return undefined;
  } catch (error) {
    if (status === 'network') client.statuses.network = (client.statuses.network ?? 0) + 1;
    note(client, `${method} ${path} → ${status}: ${String(error)}`);
    return undefined;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function note(client: Client, line: string): void {
  if (client.bad.length < 20) client.bad.push(line);
  else client.bad[19] = `… and more (last: ${line})`;
}

/** Reads the demo storefront's log from `since` until `stop()` holds and a read brings nothing new. */
async function tail(
  client: Client,
  n: number,
  since: number,
  stop: () => boolean,
  waitSeconds: number,
): Promise<AppLogEntry[]> {
  const seen: AppLogEntry[] = [];
  const cursor = new SinceCursor(since);
  for (;;) {
    // A dead instance never answers again: its tail ends (and the test sees the exit).
    if (client.instances[n]?.exitCode() !== null) return seen;
    const finished = stop();
    const wait = finished ? 0 : waitSeconds;
    const json = await call(
      client,
      n,
      'GET',
      `/apps/storefront/logs?since=${cursor.time}&limit=${PAGE}${wait > 0 ? `&wait=${wait}` : ''}`,
    );
    if (json === undefined) {
      // Refused (the database is away): the cursor stays, nothing read is lost.
      await sleep(200);
      continue;
    }
    const fresh = cursor.take(appLogEntrySchema.array().parse(json));
    seen.push(...fresh);
    if (finished && fresh.length === 0) return seen;
  }
}

export interface OutageOptions {
  /** Seconds a tail waits for new entries (`wait`). */
  waitSeconds?: number;
  /** Load before the disturbance, and after every instance serves again (ms). */
  settleMs?: number;
}

/** Runs the load on `instances` (the demo seeded; `token` a demo member's) around `disturb()`. */
export async function loadAround(
  instances: readonly ServiceProcess[],
  token: string,
  disturb: () => Promise<void>,
  options: OutageOptions = {},
): Promise<OutageFigures> {
  const client: Client = { token, instances, statuses: {}, bad: [] };
  const settleMs = options.settleMs ?? 1_000;
  let start: AppLogEntry | undefined;
  while (start === undefined) {
    if (instances[0]?.exitCode() !== null) throw new Error('instance 0 is not running');
    const json = await call(client, 0, 'POST', '/apps/storefront/logs', {
      logs: [{ level: 'info', data: 'outage start' }],
    });
    start = json === undefined ? undefined : appLogEntrySchema.array().parse(json)[0];
  }
  const acknowledged = new Set<string>([start.id]);
  let ingesting = true;
  let tailing = true;
  const healthMs: number[] = [];

  const ingesters = Array.from({ length: INGESTERS_PER_INSTANCE * instances.length }, (_, n) =>
    (async () => {
      for (
        let batch = 0;
        ingesting && instances[n % instances.length]?.exitCode() === null;
        batch++
      ) {
        const logs = Array.from({ length: ENTRIES_PER_BATCH }, (_, i) => ({
          level: 'info',
          data: { ingester: n, batch, i },
        }));
        const json = await call(client, n, 'POST', '/apps/storefront/logs', { logs });
        if (json === undefined) await sleep(100);
        else for (const entry of appLogEntrySchema.array().parse(json)) acknowledged.add(entry.id);
      }
    })(),
  );
  const tails = instances.map((_, n) =>
    tail(client, n, start.time, () => !tailing, options.waitSeconds ?? 2),
  );
  const probes = instances.map(async (instance) => {
    while (tailing && instance.exitCode() === null) {
      const began = performance.now();
      try {
        const response = await fetch(`${instance.apiUrl}/health`);
        await response.arrayBuffer();
      } catch {
        // counted by the requests above; the probe only times
      }
      healthMs.push(performance.now() - began);
      await sleep(50);
    }
  });

  await sleep(settleMs);
  await disturb();
  const disturbed = performance.now();
  // Every instance serves again, without a restart.
  for (const [n] of instances.entries()) {
    while ((await call(client, n, 'GET', '/apps')) === undefined) {
      if (performance.now() - disturbed > RECOVERY_MS || instances[n]?.exitCode() !== null) break;
      await sleep(100);
    }
  }
  const recoveredMs = performance.now() - disturbed;
  await sleep(settleMs);
  ingesting = false;
  await Promise.all(ingesters);
  tailing = false;
  const read = await Promise.all(tails);
  await Promise.all(probes);

  const stored = await tail(client, 0, start.time, () => true, 0);
  const storedIds = new Set(stored.map((entry) => entry.id));
  return {
    acknowledged: acknowledged.size,
    stored: storedIds.size,
    lostAcknowledged: [...acknowledged].filter((id) => !storedIds.has(id)).length,
    tails: read.map((entries) => {
      const ids = new Set(entries.map((entry) => entry.id));
      return {
        read: entries.length,
        duplicates: entries.length - ids.size,
        missing: [...storedIds].filter((id) => !ids.has(id)).length,
        unknown: [...ids].filter((id) => !storedIds.has(id)).length,
      };
    }),
    statuses: client.statuses,
    bad: client.bad,
    healthMs,
    recoveredMs,
    exited: instances.filter((instance) => instance.exitCode() !== null).length,
  };
}

/** The p-th percentile (0..100) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

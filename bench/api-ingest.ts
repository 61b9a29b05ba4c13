/**
 * Ingestion through `POST /api/apps/:id/logs` for bench/api.ts, through one or several service
 * processes on one database: batches spread over the instances and the apps, several in flight
 * per instance. Afterwards every app is read back from the database: each entry sent must be
 * there exactly once, and in time order the row ids must increase (later batches of an app
 * commit later, with later times, in whichever instance; decision 012).
 */
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../server/store/db';
import { makeEntry } from './log-entries';

export interface IngestPlan {
  /** Base URLs of the service instances. */
  bases: readonly string[];
  headers: Record<string, string>;
  /** The apps written to: keys and row ids. */
  apps: ReadonlyArray<{ key: string; id: number }>;
  batches: number;
  batchSize: number;
  /** Requests in flight per instance. */
  inFlight: number;
}

/** Entries per second; throws when an entry is missing, doubled or out of order. */
export async function ingest(db: Kysely<Database>, plan: IngestPlan): Promise<number> {
  const requests = Array.from({ length: plan.batches }, (_, batch) => {
    const base = plan.bases[batch % plan.bases.length] ?? '';
    const app = plan.apps[Math.floor(batch / plan.bases.length) % plan.apps.length];
    const logs = Array.from({ length: plan.batchSize }, (_, index) => {
      const entry = makeEntry();
      return { ...entry, context: { ...entry.context, seq: batch * plan.batchSize + index } };
    });
    return { base, url: `${base}/api/apps/${app?.key ?? ''}/logs`, body: JSON.stringify({ logs }) };
  });
  const start = performance.now();
  await Promise.all(
    plan.bases.map(async (base) => {
      const mine = requests.filter((request) => request.base === base);
      let next = 0;
      await Promise.all(
        Array.from({ length: plan.inFlight }, async () => {
          for (let request = mine[next++]; request; request = mine[next++]) {
            const response = await fetch(request.url, {
              method: 'POST',
              headers: { ...plan.headers, 'Content-Type': 'application/json' },
              body: request.body,
            });
            if (response.status !== 201) {
              throw new Error(`ingest: ${response.status} ${await response.text()}`);
            }
            await response.arrayBuffer();
          }
        }),
      );
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await checkArrived(db, plan);
  return Math.round((plan.batches * plan.batchSize) / seconds);
}

async function checkArrived(db: Kysely<Database>, plan: IngestPlan): Promise<void> {
  const seen = new Set<number>();
  for (const app of plan.apps) {
    const rows = await db
      .selectFrom('app_logs')
      .select(['id', 'context'])
      .where('app_id', '=', app.id)
      .orderBy('time_us')
      .execute();
    let lastId = -Infinity;
    for (const row of rows) {
      // The context this module sent: an object with `seq`.
      const { seq } = JSON.parse(row.context ?? '{}') as { seq?: number };
      if (seq === undefined || seen.has(seq)) throw new Error(`${app.key}: entry ${seq} twice`);
      if (row.id <= lastId) throw new Error(`${app.key}: row ${row.id} out of time order`);
      seen.add(seq);
      lastId = row.id;
    }
  }
  const sent = plan.batches * plan.batchSize;
  if (seen.size !== sent) throw new Error(`ingest: ${seen.size} of ${sent} entries stored`);
}

/**
 * The demo log generator (DEMO=1 and DEMO_LOGS=1): realistic entries for the demo apps, about
 * two a second with an occasional burst of a few hundred, all levels, some from jobs with
 * `context.job`. Entries go through ingestLogs, the same code path as `POST /apps/:id/logs`
 * (stored, then waiting tails told).
 */
import type { Kysely } from 'kysely';
import { ingestLogs } from '../logs/log-writes';
import type { LogNotifier } from '../logs/waits/log-notifier';
import { findAppRow } from '../apps/store/apps';
import type { Database } from '../database/schema';
import { demoLogEntry, pick, type Random } from './seed/logs';

export interface LogGeneratorOptions {
  siteId?: string;
  appKeys?: readonly string[];
  /** Called when a write fails (the generator keeps going). */
  onError?: (error: unknown) => void;
  random?: Random;
}

/** Starts writing; returns a function that stops it (and waits for a write in flight). */
export function startDemoLogGenerator(
  db: Kysely<Database>,
  notifier: LogNotifier,
  options: LogGeneratorOptions = {},
): () => Promise<void> {
  const siteId = options.siteId ?? 'demo';
  const keys = options.appKeys ?? ['storefront', 'analytics', 'legacy-import'];
  const random = options.random ?? Math.random;
  const appIds = new Map<string, number>();
  let stopped = false;
  let inFlight: Promise<unknown> = Promise.resolve();
  let ticks = 0;

  async function appId(key: string): Promise<number | undefined> {
    const known = appIds.get(key);
    if (known !== undefined) return known;
    const row = await findAppRow(db, siteId, key);
    if (row) appIds.set(key, row.id);
    return row?.id;
  }

  async function write(key: string, count: number): Promise<void> {
    const id = await appId(key);
    if (id === undefined) return;
    for (let done = 0; done < count; done += 500) {
      const batch = Array.from({ length: Math.min(500, count - done) }, () =>
        demoLogEntry(key, random),
      );
      await ingestLogs(db, notifier, id, batch);
    }
  }

  async function tick(): Promise<void> {
    ticks += 1;
    // A burst every ~3 minutes (and one at start, so the viewer has something to show).
    const burst = ticks === 1 || random() < 1 / 360;
    const key = burst ? 'storefront' : pick(random, keys);
    await write(key, burst ? 200 + Math.floor(random() * 300) : 1);
  }

  const timer = setInterval(() => {
    if (stopped) return;
    inFlight = tick().catch((error: unknown) => options.onError?.(error));
  }, 500);
  timer.unref();

  return async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
}

/**
 * Retention on a SQLite file another process writes (decision 031): while the other process holds
 * the write lock, retention's runs wait for it on a timer, so the service keeps answering, and a
 * run that cannot have it in time gives up having changed nothing; the next run deletes what is
 * due. Before, retention waited in SQLite's busy handler, which sleeps on the event loop: the
 * service stood still for up to 5 s per run.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogEntrySchema } from '../../contract/schemas/app-log';
import { SQLITE_BUSY_TIMEOUT_MS } from '../database/sqlite-write-lock';
import { watchHealth } from './health-watch';
import { postStorefrontLogs, startServiceProcess, type ServiceProcess } from './service-process';

/** Entries are due a few seconds after they are written, and retention runs every second. */
const RETENTION_SECONDS = 3;

let service: ServiceProcess;
let token = '';

beforeAll(async () => {
  service = await startServiceProcess({
    env: {
      LOG_RETENTION_DAYS: String(RETENTION_SECONDS / 86_400),
      LOG_RETENTION_INTERVAL_SECONDS: '1',
    },
  });
  token = await service.issueToken('demo');
});
afterAll(async () => {
  await service.dispose();
});

async function storefrontLogs(q?: string): Promise<unknown[]> {
  const query = new URLSearchParams({ limit: '100', ...(q === undefined ? {} : { q }) });
  const response = await fetch(`${service.apiUrl}/apps/storefront/logs?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' },
  });
  expect(response.status).toBe(200);
  return appLogEntrySchema.array().parse(await response.json());
}

describe('retention on a SQLite file another process writes', () => {
  it('waits for the write lock on a timer (the service answers meanwhile); the next run deletes what is due', async () => {
    const tag = 'due while another process holds the lock';
    expect(
      (await postStorefrontLogs(service.apiUrl, token, [{ level: 'info', data: tag }])).status,
    ).toBe(201);
    expect(await storefrontLogs(tag)).toHaveLength(1);

    const health = watchHealth(service.apiUrl);
    const other = new SQLite(service.dbPath);
    try {
      other.exec('begin immediate');
      // The scenario, not a wait for a condition: the lock is held past the entry's due time and
      // past a run's whole wait, so runs meet it and one gives up.
      await sleep(RETENTION_SECONDS * 1000 + SQLITE_BUSY_TIMEOUT_MS + 1000);
      expect(await storefrontLogs(tag)).toHaveLength(1);
    } finally {
      other.exec('rollback');
      other.close();
    }
    const figures = await health.stop();
    expect(figures.failures).toBe(0);
    // Within a second of a control server asked at the same moments (health-watch.ts).
    expect(figures.maxMs).toBeLessThan(figures.control.maxMs + 1000);

    // Nothing was lost: a later run deletes the entry, with its search index entry.
    await expect.poll(() => storefrontLogs(tag), { timeout: 10_000 }).toEqual([]);
    await expect.poll(() => storefrontLogs(), { timeout: 10_000 }).toEqual([]);
  });
});

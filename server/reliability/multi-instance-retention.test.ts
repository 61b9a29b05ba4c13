/**
 * Retention on PostgreSQL runs in one instance (the leader, leader.ts) but every instance's
 * waiting tails may hold the entries it deleted (decision 027: a follow answers from memory).
 * Two service processes on one database, with entries due seconds after they are written: once
 * retention has deleted them, a waiting tail through either instance no longer gets them.
 * Needs TEST_DATABASE_URL (scripts/ensure-postgres.sh); skipped without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogEntrySchema, type AppLogEntry } from '../../contract/schemas/app-log';
import { startPostgresInstances, type PostgresInstances } from './postgres-instances';
import { postStorefrontLogs, type ServiceProcess } from './service-process';

const adminUrl = process.env.TEST_DATABASE_URL ?? '';

/** Entries are due this long after they are written; retention runs every second. */
const RETENTION_SECONDS = 4;

let cluster: PostgresInstances | undefined;
let instances: ServiceProcess[] = [];
let token = '';

beforeAll(async () => {
  if (adminUrl === '') return;
  cluster = await startPostgresInstances(adminUrl, {
    LOG_RETENTION_DAYS: String(RETENTION_SECONDS / 86_400),
    LOG_RETENTION_INTERVAL_SECONDS: '1',
  });
  ({ instances, token } = cluster);
});
afterAll(async () => {
  await cluster?.dispose();
});

async function storefrontLogs(instance: ServiceProcess, query: string): Promise<AppLogEntry[]> {
  const response = await fetch(`${instance.apiUrl}/apps/storefront/logs?${query}`, {
    headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' },
  });
  expect(response.status).toBe(200);
  return appLogEntrySchema.array().parse(await response.json());
}

describe.skipIf(adminUrl === '')('retention with two instances on one PostgreSQL database', () => {
  it('a waiting tail through either instance no longer gets the entries retention deleted', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('two instances expected');
    const posted = await postStorefrontLogs(first.apiUrl, token, [
      { level: 'info', data: 'the cursor' },
      { level: 'info', data: 'due soon' },
    ]);
    expect(posted.status).toBe(201);
    const [cursor, due] = appLogEntrySchema.array().parse(await posted.json());
    const waitingFrom = `since=${String(cursor?.time)}&wait=1`;

    // Each instance's follow of the app now knows both entries (answered at once: one is newer).
    for (const instance of instances) {
      const page = await storefrontLogs(instance, waitingFrom);
      expect(page.map((entry) => entry.id)).toEqual([cursor?.id, due?.id]);
    }

    // Retention (in whichever instance leads) deletes them; the database says so at once.
    await expect
      .poll(() => storefrontLogs(second, `since=${String(cursor?.time)}`), { timeout: 15_000 })
      .toEqual([]);
    // The instances hear of it a moment later (NOTIFY). A follow that did not would answer the
    // deleted entries for good: each of these requests keeps it alive.
    for (const instance of instances) {
      await expect
        .poll(() => storefrontLogs(instance, waitingFrom), { timeout: 5_000 })
        .toEqual([]);
    }
  });
});

/**
 * Instances starting at once on one empty database (several behind a load balancer, DEMO=1):
 * each seeds the demo if it finds no sites and signs the demo admin in. Exactly one seeds, none
 * fails. Each instance is a connection (a pool on PostgreSQL) of its own. SQLite has one
 * instance per file, and two of its connections in one process would block each other's event
 * loop on the write lock, so there they start one after the other.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../database/db';
import type { Db } from '../database/schema';
import {
  createTestDatabase,
  testEngine,
  type TestDatabase,
} from '../database/test-database.test-helper';
import { DEMO_SITES, seedDemoIfEmpty } from './seed';
import { DEMO_ADMIN_EMAIL, demoSignInToken } from './sign-in';

const INSTANCES = 4;
let test: TestDatabase;
let instances: Db[] = [];

beforeAll(async () => {
  test = await createTestDatabase();
  instances = Array.from({ length: INSTANCES }, () => openDatabase(test.url));
});
afterAll(async () => {
  await Promise.all(instances.map((db) => db.destroy()));
  await test.destroy();
});

async function start(db: Db): Promise<string | undefined> {
  await seedDemoIfEmpty(db);
  return (await demoSignInToken(db))?.token;
}

it(`${INSTANCES} instances seeding one empty database at once: one seeds, none fails`, async () => {
  const tokens: (string | undefined)[] = [];
  if (testEngine === 'postgres') tokens.push(...(await Promise.all(instances.map(start))));
  else for (const db of instances) tokens.push(await start(db));
  expect(tokens.every((token) => token !== undefined)).toBe(true);
  const sites = await test.db.selectFrom('sites').select('id').orderBy('id').execute();
  expect(sites.map((site) => site.id)).toEqual(DEMO_SITES.map((site) => site.id).sort());
  const apps = await test.db.selectFrom('apps').select('key').execute();
  expect(new Set(apps.map((app) => app.key)).size).toBe(apps.length);
  const admins = await test.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .execute();
  expect(admins).toHaveLength(1);
});

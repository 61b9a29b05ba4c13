/**
 * A fresh database for one test file, on the engine the test project runs (vitest.config.ts):
 * SQLite in a temp folder, or with TEST_ENGINE=postgres a database of its own on the server of
 * TEST_DATABASE_URL (created here, dropped by `destroy`), so files run in parallel apart. A
 * migrated one is made from the run's template (test-templates.global-setup.ts: a copy of a
 * migrated file, or `create database … template`) rather than migrated again; migrating it once
 * more finds nothing to do.
 *
 *   const test = await createTestDatabase();   // in beforeAll: migrated, empty
 *   createTestDatabase({ migrated: false })     // no tables: a migration's own test migrates it
 *   test.db …; openDatabase(test.url)          // a second connection, like another process
 *   await test.destroy();                        // in afterAll
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Engine } from './engine';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate';
import type { Db } from './schema';
import { TEMPLATE_ENV } from './test-templates.global-setup';

export const testEngine: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDatabase {
  db: Db;
  /** The DATABASE_URL of this database (a file path on SQLite). */
  url: string;
  destroy: () => Promise<void>;
}

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Where the test database lives, and how it goes away after its connection is closed. */
async function createEmptyDatabase(
  fromTemplate: boolean,
): Promise<{ url: string; remove: () => Promise<void> }> {
  if (testEngine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'site-console-test-'));
    const url = join(dir, 'test.db');
    const template = process.env[TEMPLATE_ENV.sqlite];
    if (fromTemplate && template) {
      copyFileSync(template, url);
      if (existsSync(`${template}-search`)) copyFileSync(`${template}-search`, `${url}-search`);
    }
    return {
      url,
      remove: async () => {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const template = fromTemplate ? process.env[TEMPLATE_ENV.postgres] : undefined;
  const { url, drop } = await createPostgresDatabase(adminUrl, template);
  return { url, remove: drop };
}

export async function createTestDatabase({ migrated = true } = {}): Promise<TestDatabase> {
  const { url, remove } = await createEmptyDatabase(migrated);
  const db = openDatabase(url);
  if (migrated) await migrateToLatest(db);
  return {
    db,
    url,
    destroy: async () => {
      await db.destroy();
      await remove();
    },
  };
}

/**
 * A database of its own on the server of `adminUrl` (whose role may create databases), empty or
 * a copy of `template`: its URL, and `drop`, which disconnects whoever is still connected.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `site_console_t${randomBytes(6).toString('hex')}`;
  await onServer(
    adminUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => dropDatabase(adminUrl, name),
  };
}

/** PostgreSQL's error when `with (force)` meets a backend of another role. */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Drops the database, disconnecting whoever is still connected. An autovacuum worker in it (the
 * superuser's) cannot be disconnected by the role: that drop is refused, and tried again once the
 * worker is likely done (a benchmark's teardown failed so, after heavy ingestion).
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
      return;
    } catch (error) {
      const code = error !== null && typeof error === 'object' && 'code' in error && error.code;
      if (attempt >= 10 || code !== INSUFFICIENT_PRIVILEGE) throw error;
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
}

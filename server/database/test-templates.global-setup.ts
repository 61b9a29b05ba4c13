/**
 * Vitest's global setup (vitest.config.ts, vitest.reliability.config.ts): migrates ONE template
 * database per run, which every test file's database is then made from (issue 36) instead of
 * migrating its own: a file copy on SQLite, `create database … template` on PostgreSQL (when
 * TEST_DATABASE_URL is set). The places go to the test processes in the environment
 * (TEMPLATE_ENV); test-database.test-helper.ts migrates as before when they are missing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from './db';
import { migrateToLatest } from './migrate';

export const TEMPLATE_ENV = {
  sqlite: 'TEST_SQLITE_TEMPLATE',
  postgres: 'TEST_POSTGRES_TEMPLATE',
} as const;

async function onServer(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function migrated(url: string): Promise<void> {
  const db = openDatabase(url);
  try {
    await migrateToLatest(db);
  } finally {
    // SQLite: closing checkpoints the WAL into the file. PostgreSQL: a template must have no
    // connection when a database is created from it.
    await db.destroy();
  }
}

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'site-console-template-'));
  const sqlite = join(dir, 'template.db');
  await migrated(sqlite);
  process.env[TEMPLATE_ENV.sqlite] = sqlite;

  const adminUrl = process.env.TEST_DATABASE_URL;
  let postgres: string | undefined;
  if (adminUrl) {
    postgres = `site_console_template_${randomBytes(6).toString('hex')}`;
    await onServer(adminUrl, `create database ${postgres}`);
    const url = new URL(adminUrl);
    url.pathname = `/${postgres}`;
    await migrated(url.href);
    process.env[TEMPLATE_ENV.postgres] = postgres;
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && postgres) {
      await onServer(adminUrl, `drop database if exists ${postgres} with (force)`);
    }
  };
}

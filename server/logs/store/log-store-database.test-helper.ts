/**
 * The database of a log store test file: fresh and migrated (test-database.test-helper.ts) with
 * the one site every app belongs to, opened in `beforeAll` and destroyed in `afterAll` of the
 * file or `describe` block that calls it.
 *
 *   let db: Db;
 *   useLogStoreDatabase((opened) => (db = opened.db));
 *   const appId = await createLogApp(db);
 */
import { afterAll, beforeAll } from 'vitest';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import type { LogPage } from './app-logs-page';
import type { Db } from '../../database/schema';
import { insertApp } from '../../apps/store/apps';
import { appFixture } from '../../platform/test-support.test-helper';
import { createTestDatabase, type TestDatabase } from '../../database/test-database.test-helper';

export const LOG_SITE = 'site';

export function useLogStoreDatabase(onOpen: (database: TestDatabase) => void): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insertInto('sites')
      .values({ id: LOG_SITE, name: 'Site', created_at: '2026-01-01T00:00:00.000Z' })
      .execute();
    onOpen(database);
  });
  afterAll(async () => {
    await database?.destroy();
  });
}

let appCounter = 0;

/** A new app of the test site, with a key no other app of the run has. */
export function createLogApp(db: Db): Promise<number> {
  appCounter += 1;
  return insertApp(db, LOG_SITE, appFixture(`app-${appCounter}`));
}

/** The entries of a page the store answers as JSON text (queryLogs, insertLogs). */
export function entriesOf(page: LogPage): AppLogEntry[] {
  // The text pageToJson builds from rows of this shape.
  return JSON.parse(page.json) as AppLogEntry[];
}

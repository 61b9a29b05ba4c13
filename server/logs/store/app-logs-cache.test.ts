import { describe, expect, it } from 'vitest';
import type { Db } from '../../database/schema';
import { LogPageCache } from './app-logs-cache';
import type { LogFilter } from './app-logs-filter';
import { insertLogs } from './app-logs-write';
import { createLogApp, useLogStoreDatabase } from './log-store-database.test-helper';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

const PAGE: LogFilter = { limit: 10 };

/**
 * Changes an entry's data behind the repository's back, so that the app's oldest and newest
 * times stay: a page answered from memory still shows the old data, one read again the new.
 */
async function rewriteData(appId: number, data: string): Promise<void> {
  await db
    .updateTable('app_logs')
    .set({ data: JSON.stringify(data) })
    .where('app_id', '=', appId)
    .execute();
}

async function dataOf(cache: LogPageCache, appId: number): Promise<unknown> {
  const page = await cache.query(db, appId, PAGE);
  return (JSON.parse(page.json) as Array<{ data: unknown }>).map((entry) => entry.data);
}

describe('the log page cache', () => {
  it('keeps a page from its second asking on, while the app’s bounds stay', async () => {
    const appId = await createLogApp(db);
    await insertLogs(db, appId, [{ level: 'info', data: 'first' }]);
    const cache = new LogPageCache();
    expect(await dataOf(cache, appId)).toEqual(['first']);
    // Asked once (a random `before`, a scroll back: most pages): read, not kept.
    await rewriteData(appId, 'second');
    expect(await dataOf(cache, appId)).toEqual(['second']);
    // Asked twice: kept, and answered from memory while the bounds are the same.
    await rewriteData(appId, 'third');
    expect(await dataOf(cache, appId)).toEqual(['second']);
    // An append moves the newest bound: read again.
    await insertLogs(db, appId, [{ level: 'info', data: 'fourth' }]);
    expect(await dataOf(cache, appId)).toEqual(['fourth', 'third']);
  });

  it('forgets the oldest of the pages asked once past its bound', async () => {
    const appId = await createLogApp(db);
    await insertLogs(db, appId, [{ level: 'info', data: 'first' }]);
    // Room for the characters of one key: each page asked once forgets the one before.
    const cache = new LogPageCache(32 * 1024 * 1024, 1);
    await cache.query(db, appId, PAGE);
    // Another page asked once pushes the first out: its second asking is a first again.
    await cache.query(db, appId, { limit: 5 });
    await cache.query(db, appId, PAGE);
    await rewriteData(appId, 'second');
    expect(await dataOf(cache, appId)).toEqual(['second']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Db } from '../database/schema';
import { ingestLogs, runLogRetention } from './log-writes';
import type { LogCommit } from './store/app-logs-page';
import { placeLogRows } from './store/app-logs-write';
import { toLogRow } from './store/app-logs-rows';
import {
  createLogApp,
  entriesOf,
  useLogStoreDatabase,
} from './store/log-store-database.test-helper';
import { InProcessLogNotifier } from './waits/log-notifier';

let db: Db;
useLogStoreDatabase((opened) => (db = opened.db));

/** Every commit (or null: read again) a listener of `appId` hears. */
function listen(notifier: InProcessLogNotifier, appId: number): Array<LogCommit | null> {
  const heard: Array<LogCommit | null> = [];
  notifier.subscribe(appId, (commit) => heard.push(commit));
  return heard;
}

describe('ingestLogs', () => {
  it('stores the batch, then tells the app’s waiting tails what it committed', async () => {
    const appId = await createLogApp(db);
    const other = await createLogApp(db);
    const notifier = new InProcessLogNotifier();
    const heard = listen(notifier, appId);
    const heardByOther = listen(notifier, other);
    const page = await ingestLogs(db, notifier, appId, [
      { level: 'info', data: 'one' },
      { level: 'warn', data: 'two' },
    ]);
    expect(entriesOf(page).map((entry) => entry.data)).toEqual(['one', 'two']);
    expect(heard).toHaveLength(1);
    expect(heard[0]?.rows.map((row) => row.timeUs)).toEqual(
      entriesOf(page).map((entry) => Math.round(entry.time * 1e6)),
    );
    expect(heardByOther).toEqual([]);
  });

  it('tells nobody when the batch is refused before it is written', async () => {
    const appId = await createLogApp(db);
    const notifier = new InProcessLogNotifier();
    const heard = listen(notifier, appId);
    const refused = new Error('refused');
    await expect(
      ingestLogs(db, notifier, appId, [{ level: 'info', data: 'x' }], {
        admitCount: () => Promise.reject(refused),
      }),
    ).rejects.toBe(refused);
    expect(heard).toEqual([]);
  });
});

describe('runLogRetention', () => {
  it('prunes by age and tells every waiting tail to read again, only when it deleted', async () => {
    const appId = await createLogApp(db);
    const notifier = new InProcessLogNotifier();
    const heard = listen(notifier, appId);
    // One entry far in the past (1 s after the epoch), one now.
    await placeLogRows(db, [toLogRow(appId, { level: 'info', data: 'old' }, 1_000_000)]);
    await ingestLogs(db, new InProcessLogNotifier(), appId, [{ level: 'info', data: 'new' }]);
    const limits = { retentionDays: 1, maxBytesPerApp: 0 };
    expect(await runLogRetention(db, notifier, limits)).toBe(1);
    expect(heard).toEqual([null]);
    expect(await runLogRetention(db, notifier, limits)).toBe(0);
    expect(heard).toEqual([null]);
  });
});

import type { Insertable } from 'kysely';
import type { AppLogsTable } from '../../database/schema';

/** A row to insert: what `toLogRow` in app-logs-rows.ts builds from an ingested entry. */
export type NewLogRow = Insertable<AppLogsTable>;

/**
 * An ingested entry's row before its commit time is decided (under the app's lock):
 * `created_at` null stands for the commit time.
 */
export type PendingLogRow = Omit<NewLogRow, 'time_us' | 'created_at'> & {
  created_at: string | null;
};

/**
 * A batch appended after its app's last entry: the rows' times are `firstUs`, `firstUs + 1`, …
 * in batch order, `ids` their row ids in that order, `previousUs` the app's last time before.
 */
export interface AppendedRows {
  previousUs: number;
  firstUs: number;
  ids: readonly number[];
}

/** The app and time range (µs, `lowUs` inclusive, `highUs` exclusive) a search looks in. */
export interface SearchScope {
  appId: number;
  lowUs?: number;
  highUs?: number;
}

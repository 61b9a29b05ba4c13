import type { Kysely, Migration } from 'kysely';

/**
 * Issue 41, decision 087: an alert's state and each of its events say when their count was
 * partial — a field condition that read only the newest entries of its window (decision 076) —
 * with the epoch minute from which it counted (null: the whole window was counted).
 */
export const alertCountedSinceMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('alert_states')
      .addColumn('counted_since_minute', 'integer')
      .execute();
    await db.schema
      .alterTable('alert_events')
      .addColumn('counted_since_minute', 'integer')
      .execute();
  },
};

import type { Kysely, Migration } from 'kysely';

/**
 * Issue 41, decision 093: `alert_outbox.lease_until` (ISO time, null: not claimed). An outbox
 * row is claimed before it is sent, by the one sender whose conditional update won it; no other
 * sender takes the row before the lease passes. A sender that dies after claiming (mid-send)
 * leaves a lease that runs out, and the successor completes the row once.
 */
export const alertOutboxLeaseMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('alert_outbox').addColumn('lease_until', 'text').execute();
  },
};

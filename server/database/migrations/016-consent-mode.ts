import type { Kysely, Migration } from 'kysely';

/**
 * Issue 30, decision 054: `consent_configs.consent_mode`, the Google Consent Mode v2 mapping
 * (JSON text, signal → purposes). Null for every existing configuration: Consent Mode is off
 * until an admin maps a purpose.
 */
export const consentModeMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('consent_configs').addColumn('consent_mode', 'text').execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('consent_configs').dropColumn('consent_mode').execute();
  },
};

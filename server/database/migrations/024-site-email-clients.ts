import type { Kysely, Migration } from 'kysely';
import { DEFAULT_EMAIL_CLIENTS } from '../../../contract/schemas/email-clients';

/**
 * Issue 39, decision 067: `sites.email_clients`, the e-mail clients whose support the checks
 * report (JSON text, ids of contract/schemas/email-clients.ts). Existing and new sites get the
 * default choice; an empty list turns the client-support check off.
 */
export const siteEmailClientsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .alterTable('sites')
      .addColumn('email_clients', 'text', (col) =>
        col.notNull().defaultTo(JSON.stringify(DEFAULT_EMAIL_CLIENTS)),
      )
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('sites').dropColumn('email_clients').execute();
  },
};

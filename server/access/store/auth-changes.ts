/**
 * The auth change counter (decision 049): one row whose counter grows, in the same transaction,
 * with every revocation of a token and every change or removal of a membership. Instances cache
 * tokens and roles and read this counter at most every AUTH_CHANGE_POLL_MS; when it moved they
 * forget what they cached, so such a change is seen by every instance within that time.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../database/schema';

/** Inside the write's transaction: tells every instance to forget its cached tokens and roles. */
export async function bumpAuthChanges(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('auth_changes')
    .set({ counter: sql<number>`counter + 1` })
    .where('id', '=', 1)
    .execute();
}

/** The counter now (one indexed row: the cheapest read the database has). */
export async function readAuthChanges(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('auth_changes')
    .select('counter')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? row.counter : 0;
}

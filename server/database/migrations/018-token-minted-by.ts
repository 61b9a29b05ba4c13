import type { Kysely, Migration } from 'kysely';

/**
 * Issue 42: a token remembers the token that minted it (`minted_by`; null for tokens made by
 * the CLI or before this migration), so that revoking a token revokes every token it minted,
 * and theirs. Indexed: the revocation walks down by it.
 */
export const tokenMintedByMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.alterTable('access_tokens').addColumn('minted_by', 'integer').execute();
    await db.schema
      .createIndex('access_tokens_minted_by')
      .on('access_tokens')
      .column('minted_by')
      .execute();
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    await db.schema.dropIndex('access_tokens_minted_by').execute();
    await db.schema.alterTable('access_tokens').dropColumn('minted_by').execute();
  },
};

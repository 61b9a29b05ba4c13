/**
 * The one conditional write of a versioned resource (apps, notifications, the consent
 * configuration): set the new values only if the row is still at the version the caller read,
 * bump `version` and `updated_at`, and answer the row exactly as written — or undefined when it
 * was not at that version (the route answers 412). Both engines run the same statement
 * (`UPDATE … WHERE version = ? RETURNING *`); the row lock that makes an unconditional write
 * wait instead of failing is taken by the repository's find (`row-lock.ts`, decision 041).
 *
 * Callers pass columns already encoded (`flag`, `jsonText`): the storage encoding stays in each
 * repository.
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema';

type VersionedTable = 'apps' | 'notifications' | 'consent_configs' | 'sites';

/** The columns a write may set: all but the two this helper owns. */
export type VersionedChanges<T extends VersionedTable> = Omit<
  Updateable<Database[T]>,
  'version' | 'updated_at'
>;

/** One shape for every versioned table, as the statement below sees it. */
interface VersionedRow {
  key: string | number;
  version: number;
  updated_at: string;
}

export async function updateAtVersion<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  key: { column: keyof Database[T] & string; value: string | number },
  expectedVersion: number,
  changes: VersionedChanges<T>,
  updatedAt: string,
): Promise<Selectable<Database[T]> | undefined> {
  // Kysely resolves column types per literal table name and cannot follow one chosen by a type
  // parameter; the statement is the same for every table, so it is written against one shape
  // and typed at this function's edges.
  const untyped = db as unknown as Kysely<{ versioned: VersionedRow }>;
  const written = await untyped
    .updateTable(table as unknown as 'versioned')
    .set((eb) => ({
      ...(changes as Partial<VersionedRow>),
      updated_at: updatedAt,
      version: eb('version', '+', 1),
    }))
    .where(key.column as 'key', '=', key.value)
    .where('version', '=', expectedVersion)
    .returningAll()
    .executeTakeFirst();
  return written as Selectable<Database[T]> | undefined;
}

/**
 * The one delete sequence of a versioned resource (DELETE /alerts/:id, /layouts/:slug,
 * /snippets/:name), inside the route's write transaction, the counterpart of writeVersioned:
 * find (locked for the write, decision 041) → 404 when absent → If-Match against its ETag (412)
 * → what the route refuses (a layout in use: 409) → the delete → its revision (decision 048),
 * every field to nothing, in the same transaction: a delete is never without its revision, and a
 * refused one changes nothing.
 */
import type { Db } from '../../database/schema';
import { notFound, preconditionFailed } from '../../http/errors';
import { ifMatchAllows } from '../../http/etag';
import { recordVersionedRevision, type VersionedRevision } from './versioned-write';

export interface VersionedDelete<Row, Fields> {
  /** The resource's name in errors (`alert`, `layout`, `snippet`). */
  resource: string;
  /** The `If-Match` header of the request. */
  ifMatch: string | string[] | undefined;
  /** Reads the row, locked for the delete that follows; undefined when there is none. */
  find: (trx: Db) => Promise<Row | undefined>;
  etag: (row: Row) => string;
  /** Throws when the route does not allow this delete (checked after If-Match). */
  refuse?: (trx: Db, row: Row) => Promise<void>;
  remove: (trx: Db, row: Row) => Promise<void>;
  /** The fields as stored: the revision records each of them going away. */
  fieldsOf: (row: Row) => Fields;
  /** What the delete's revision records (no snapshot: there is nothing after a delete). */
  revision: Omit<VersionedRevision<Row, Fields>, 'snapshot'>;
}

/** The row as it was before the delete; throws 404, 412 or what `refuse` throws. */
export async function deleteVersioned<Row, Fields>(
  trx: Db,
  remove: VersionedDelete<Row, Fields>,
): Promise<Row> {
  const row = await remove.find(trx);
  if (!row) throw notFound(remove.resource);
  if (!ifMatchAllows(remove.ifMatch, remove.etag(row))) throw preconditionFailed(remove.resource);
  await remove.refuse?.(trx, row);
  await remove.remove(trx, row);
  await recordVersionedRevision(trx, remove.revision, row, remove.fieldsOf(row), null);
  return row;
}

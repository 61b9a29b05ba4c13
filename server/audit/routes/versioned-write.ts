/**
 * The one write sequence of a versioned resource (PATCH /apps/:id, PATCH /settings/consent,
 * PUT /notifications/:slug), inside the route's write transaction:
 * find (locked for the write, decision 041) → ETag → If-Match (412) → merge the request into the
 * stored fields (the route's rules; it may throw a 422) → unchanged: the row as it is, else the
 * conditional update (`updateAtVersion`) → the row as written, or 412 if it moved meanwhile →
 * its revision (decision 048), in the same transaction: a write is never without its revision.
 * A write that changes nothing answers the row as it is (200) and records nothing.
 */
import type { RevisionResource } from '../../../contract/schemas/audit';
import { nowIso } from '../../database/encoding';
import { fieldChanges } from '../store/revision-changes';
import { recordRevision, type RevisionActor } from '../store/revisions';
import type { Db } from '../../database/schema';
import { notFound, preconditionFailed } from '../../http/errors';
import { ifMatchAllows } from '../../http/etag';
import { sameJson } from '../../http/common';

export interface VersionedWrite<Row extends { version: number }, Fields> {
  /** The resource's name in errors (`app`, `consent`, `notification`). */
  resource: string;
  /** The `If-Match` header of the request. */
  ifMatch: string | string[] | undefined;
  /** Reads the row, locked for the write that follows; undefined when there is none. */
  find: (trx: Db) => Promise<Row | undefined>;
  /**
   * A resource that always exists (the consent configuration) is created when there is no row
   * yet: `etag` is the ETag it has until then. Without this, no row is a 404.
   */
  absent?: { etag: string; create: (trx: Db, now: string) => Promise<Row> };
  etag: (row: Row) => string;
  /** The writable fields as stored. */
  fieldsOf: (row: Row) => Fields;
  /** The request merged into the stored fields; throws a 422 for what the merge may not allow. */
  merge: (before: Fields, row: Row) => Fields;
  /** The conditional update: the row as written, or undefined when it is not at `row.version`. */
  update: (trx: Db, row: Row, next: Fields, now: string) => Promise<Row | undefined>;
  /** What the write's revision records. */
  revision: VersionedRevision<Row, Fields>;
}

export interface VersionedRevision<Row, Fields> {
  siteId: string;
  resource: RevisionResource;
  /** `request.auth`. */
  actor: RevisionActor;
  resourceId: (row: Row) => string;
  /** The fields as the revision's changes compare them (default: as stored). */
  audited?: (fields: Fields) => unknown;
  /** The resource after the write, kept whole (notifications). */
  snapshot?: (row: Row) => unknown;
}

/** The row after the write (the stored one when nothing changed); throws 404, 412 or 422. */
export async function writeVersioned<Row extends { version: number }, Fields>(
  trx: Db,
  write: VersionedWrite<Row, Fields>,
): Promise<Row> {
  const now = nowIso();
  let current = await write.find(trx);
  if (current) {
    if (!ifMatchAllows(write.ifMatch, write.etag(current)))
      throw preconditionFailed(write.resource);
  } else {
    if (!write.absent) throw notFound(write.resource);
    if (!ifMatchAllows(write.ifMatch, write.absent.etag)) throw preconditionFailed(write.resource);
    current = await write.absent.create(trx, now);
  }
  const before = write.fieldsOf(current);
  const next = write.merge(before, current);
  if (sameJson(next, before)) return current;
  const written = await write.update(trx, current, next, now);
  if (!written) throw preconditionFailed(write.resource);
  await recordVersionedRevision(trx, write.revision, written, before, write.fieldsOf(written));
  return written;
}

/**
 * The revision of `row` whose fields went from `before` to `after` (`{}` after a delete), each
 * through `audited`; with the row's snapshot when the revision keeps one.
 */
export async function recordVersionedRevision<Row, Fields>(
  trx: Db,
  revision: VersionedRevision<Row, Fields>,
  row: Row,
  before: Fields,
  after: Fields | null,
): Promise<void> {
  const audited = revision.audited ?? ((fields: Fields): unknown => fields);
  await recordRevision(trx, {
    siteId: revision.siteId,
    resource: revision.resource,
    resourceId: revision.resourceId(row),
    actor: revision.actor,
    changes: fieldChanges(audited(before), after === null ? {} : audited(after)),
    ...(revision.snapshot ? { snapshot: revision.snapshot(row) } : {}),
  });
}

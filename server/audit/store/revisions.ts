/**
 * Revisions (issue 29, decision 048): who changed what, recorded by every successful write in the
 * write's own transaction, so a write without its revision (or the reverse) cannot exist.
 *
 *   await writeTransaction(db, async (trx) => {
 *     … the write …
 *     await recordRevision(trx, { siteId, resource: 'member', resourceId: String(userId),
 *       actor: request.auth, changes: fieldChanges(before, after) });
 *   });
 *
 * `changes` come from fieldChanges (revision-changes.ts); an empty list records nothing, so a
 * write that changed nothing has no revision. Notifications also keep `snapshot`: the whole
 * stored notification after the write (GET /notifications/{slug}/revisions/{id}), its long texts
 * stored once per notification (revision-snapshots.ts, decision 060).
 */
import type { Kysely, Selectable } from 'kysely';
import type {
  AuditQuery,
  Revision,
  RevisionChange,
  RevisionResource,
} from '../../../contract/schemas/audit';
import { jsonText, nowIso, parseJson } from '../../database/encoding';
import { loadSnapshot, storeSnapshot } from './revision-snapshots';
import type { Database, RevisionsTable } from '../../database/schema';

/** Who writes: `request.auth` fits (`tokenId` null for writes made without a token). */
export interface RevisionActor {
  userId: number;
  tokenId: number | null;
}

export interface RevisionInput {
  siteId: string;
  resource: RevisionResource;
  resourceId: string;
  actor: RevisionActor;
  changes: readonly RevisionChange[];
  /** Notifications: the stored notification after the write. */
  snapshot?: unknown;
}

export type RevisionRow = Selectable<RevisionsTable>;

/**
 * Inserts the revision; call it inside the write's transaction (`trx`), after the write. Answers
 * its id, or undefined when there are no changes (nothing is recorded). A failure here fails the
 * write: the caller's transaction rolls back.
 */
export async function recordRevision(
  trx: Kysely<Database>,
  input: RevisionInput,
): Promise<number | undefined> {
  if (input.changes.length === 0) return undefined;
  const user = await trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', input.actor.userId)
    .executeTakeFirst();
  const inserted = await trx
    .insertInto('revisions')
    .values({
      site_id: input.siteId,
      resource: input.resource,
      resource_id: input.resourceId,
      actor_user_id: input.actor.userId,
      // A user is never deleted while it writes; '' only if the row is gone.
      actor_email: user?.email ?? '',
      token_id: input.actor.tokenId,
      created_at: nowIso(),
      changes: jsonText(input.changes),
      snapshot:
        input.snapshot === undefined
          ? null
          : await storeSnapshot(
              trx,
              { siteId: input.siteId, resource: input.resource, resourceId: input.resourceId },
              input.snapshot,
            ),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The one place a row becomes the API's Revision. */
export function toRevision(row: RevisionRow): Revision {
  return {
    id: row.id,
    resource: row.resource as RevisionResource,
    resource_id: row.resource_id,
    actor: { id: row.actor_user_id, email: row.actor_email },
    created_at: row.created_at,
    changes: parseJson<RevisionChange[]>(row.changes, []),
  };
}

const LIST_COLUMNS = [
  'id',
  'site_id',
  'resource',
  'resource_id',
  'actor_user_id',
  'actor_email',
  'token_id',
  'created_at',
  'changes',
] as const;

/** A site's revisions, newest first, filtered as `GET /audit` asks (`before`: ids below it). */
export async function listRevisions(
  db: Kysely<Database>,
  siteId: string,
  query: AuditQuery,
): Promise<Revision[]> {
  let select = db.selectFrom('revisions').select(LIST_COLUMNS).where('site_id', '=', siteId);
  if (query.resource !== undefined) select = select.where('resource', '=', query.resource);
  if (query.resource_id !== undefined) select = select.where('resource_id', '=', query.resource_id);
  // Users' e-mail addresses are stored trimmed and lower-cased (tokens.ts): so is the filter.
  if (query.actor !== undefined) {
    select = select.where('actor_email', '=', query.actor.trim().toLowerCase());
  }
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  const rows = await select.orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map((row) => toRevision({ ...row, snapshot: null }));
}

/** One revision of one resource with its snapshot; undefined for an unknown id or another's. */
export async function findRevision(
  db: Kysely<Database>,
  siteId: string,
  resource: RevisionResource,
  resourceId: string,
  id: number,
): Promise<{ revision: Revision; snapshot: unknown } | undefined> {
  const row = await db
    .selectFrom('revisions')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('resource', '=', resource)
    .where('resource_id', '=', resourceId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const snapshot = await loadSnapshot(db, { siteId, resource, resourceId }, row.snapshot);
  return { revision: toRevision(row), snapshot };
}

/**
 * The field names each of a resource's latest revisions changed, newest first (at most `limit`
 * revisions; the checks' "text older than the HTML", issue 39). No snapshot is read.
 */
export async function changedFieldsOf(
  db: Kysely<Database>,
  siteId: string,
  resource: RevisionResource,
  resourceId: string,
  limit: number,
): Promise<string[][]> {
  const rows = await db
    .selectFrom('revisions')
    .select('changes')
    .where('site_id', '=', siteId)
    .where('resource', '=', resource)
    .where('resource_id', '=', resourceId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) =>
    parseJson<{ field?: unknown }[]>(row.changes, []).flatMap((change) =>
      typeof change.field === 'string' ? [change.field] : [],
    ),
  );
}

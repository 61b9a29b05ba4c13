/**
 * Revision retention (issue 42, decision 060): each resource keeps its newest `keepPerResource`
 * revisions, and none older than `maxAgeDays` (0: no age limit); the snapshot parts no kept
 * revision names go with them (revision-snapshots.ts). Runs with log retention, under the leader
 * (retention.ts), one resource per transaction so a run never holds the write lock long. A run
 * that stopped halfway is finished by the next: each step is whole on its own.
 *
 * A notification's step locks the notification's row first (PostgreSQL), as its saves do, so a
 * save cannot name a part between this step reading which parts are named and deleting the rest.
 */
import type { Kysely } from 'kysely';
import { partHashesOf } from './revision-snapshots';
import { lockedForWrite } from '../../database/row-lock';
import type { Database } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';

export interface RevisionRetention {
  /** Revisions each resource keeps, newest first (at least 1). */
  keepPerResource: number;
  /** Revisions older than this many days go; 0: kept whatever their age (the count still holds). */
  maxAgeDays: number;
}

interface ResourceKey {
  site_id: string;
  resource: string;
  resource_id: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Hashes per delete statement (well under either engine's bound on parameters). */
const DELETE_CHUNK = 500;

/** Deletes what retention does not keep; answers how many revisions went. */
export async function pruneRevisions(
  db: Kysely<Database>,
  retention: RevisionRetention,
  now = Date.now(),
): Promise<number> {
  const keep = Math.max(1, Math.floor(retention.keepPerResource));
  const cutoff =
    retention.maxAgeDays > 0 ? new Date(now - retention.maxAgeDays * DAY_MS).toISOString() : null;
  const due = new Map<string, ResourceKey>();
  const crowded = await db
    .selectFrom('revisions')
    .select(['site_id', 'resource', 'resource_id'])
    .groupBy(['site_id', 'resource', 'resource_id'])
    .having((eb) => eb.fn.countAll(), '>', keep)
    .execute();
  const old = cutoff
    ? await db
        .selectFrom('revisions')
        .select(['site_id', 'resource', 'resource_id'])
        .where('created_at', '<', cutoff)
        .distinct()
        .execute()
    : [];
  for (const key of [...crowded, ...old]) {
    due.set(JSON.stringify([key.site_id, key.resource, key.resource_id]), key);
  }
  let deleted = 0;
  for (const key of due.values()) {
    deleted += await writeTransaction(db, (trx) => pruneResource(trx, key, keep, cutoff));
  }
  return deleted;
}

async function pruneResource(
  trx: Kysely<Database>,
  key: ResourceKey,
  keep: number,
  cutoff: string | null,
): Promise<number> {
  if (key.resource === 'notification') {
    await lockedForWrite(
      trx,
      trx
        .selectFrom('notifications')
        .select('id')
        .where('site_id', '=', key.site_id)
        .where('slug', '=', key.resource_id),
    ).execute();
  }
  const ofResource = trx
    .selectFrom('revisions')
    .where('site_id', '=', key.site_id)
    .where('resource', '=', key.resource)
    .where('resource_id', '=', key.resource_id);
  const kept = await ofResource.select('id').orderBy('id', 'desc').limit(keep).execute();
  const oldestKept = kept.at(-1)?.id ?? 0;
  let remove = trx
    .deleteFrom('revisions')
    .where('site_id', '=', key.site_id)
    .where('resource', '=', key.resource)
    .where('resource_id', '=', key.resource_id);
  remove = cutoff
    ? remove.where((eb) => eb.or([eb('id', '<', oldestKept), eb('created_at', '<', cutoff)]))
    : remove.where('id', '<', oldestKept);
  const result = await remove.executeTakeFirst();
  const removed = Number(result.numDeletedRows);
  if (removed > 0) await dropUnnamedParts(trx, key);
  return removed;
}

/** Deletes the resource's snapshot parts that no revision of it names any more. */
async function dropUnnamedParts(trx: Kysely<Database>, key: ResourceKey): Promise<void> {
  const snapshots = await trx
    .selectFrom('revisions')
    .select('snapshot')
    .where('site_id', '=', key.site_id)
    .where('resource', '=', key.resource)
    .where('resource_id', '=', key.resource_id)
    .where('snapshot', 'is not', null)
    .execute();
  const named = new Set(snapshots.flatMap((row) => partHashesOf(row.snapshot)));
  const stored = await trx
    .selectFrom('revision_parts')
    .select('hash')
    .where('site_id', '=', key.site_id)
    .where('resource', '=', key.resource)
    .where('resource_id', '=', key.resource_id)
    .execute();
  const unnamed = stored.map((row) => row.hash).filter((hash) => !named.has(hash));
  for (let start = 0; start < unnamed.length; start += DELETE_CHUNK) {
    await trx
      .deleteFrom('revision_parts')
      .where('site_id', '=', key.site_id)
      .where('resource', '=', key.resource)
      .where('resource_id', '=', key.resource_id)
      .where('hash', 'in', unnamed.slice(start, start + DELETE_CHUNK))
      .execute();
  }
}

/**
 * What a layout's and a snippet's routes share (issue 38's review): each is a versioned asset of
 * the site found by a key (a layout's slug, a snippet's name), with an ETag, a PUT that creates or
 * changes it through `writeVersioned` (its revision keeps the stored asset as the snapshot that
 * `…/revisions/{id}` answers), and a DELETE through `deleteVersioned` (If-Match, its revision). The routes keep what
 * differs: their schemas, the merge (the rules of the fields) and what a DELETE refuses.
 * Both helpers run inside the route's own `writeTransaction`.
 */
import type { RevisionActor } from '../../audit';
import { deleteVersioned, writeVersioned } from '../../audit/routes';
import type { FindOptions } from '../../database/row-lock';
import type { Db } from '../../database/schema';
import { etagOf } from '../../http/etag';

/** One kind of asset: its table's store functions, and the name of its resource. */
export interface VersionedAsset<Row extends { id: string; version: number }, Content> {
  resource: 'layout' | 'snippet';
  keyOf: (row: Row) => string;
  find: (db: Db, siteId: string, key: string, options?: FindOptions) => Promise<Row | undefined>;
  /** A new, empty row at version 1, filled by the same PUT's update. */
  insert: (db: Db, siteId: string, key: string, now: string) => Promise<Row>;
  contentOf: (row: Row) => Content;
  /** The conditional update: the row as written, or undefined if it moved. */
  update: (db: Db, row: Row, content: Content, now: string) => Promise<Row | undefined>;
  remove: (db: Db, id: string) => Promise<void>;
}

export function assetEtag(
  asset: { resource: string },
  siteId: string,
  row: { id: string; version: number },
): string {
  return etagOf(asset.resource, siteId, row.id, row.version);
}

export interface AssetWrite<Row, Content> {
  siteId: string;
  key: string;
  ifMatch: string | string[] | undefined;
  actor: RevisionActor;
  /**
   * Reads (and locks) the row and what the merge needs besides (the site's languages, the other
   * snippets); default: the asset's row, locked.
   */
  find?: (trx: Db) => Promise<Row | undefined>;
  /** The request merged into the stored content (`creating`: the row is new); throws a 422. */
  merge: (before: Content, creating: boolean) => Content;
}

/** PUT: the asset created or changed (the stored one when nothing changed); 412, 422. */
export async function putAsset<Row extends { id: string; version: number }, Content>(
  trx: Db,
  asset: VersionedAsset<Row, Content>,
  write: AssetWrite<Row, Content>,
): Promise<Row> {
  const { siteId, key } = write;
  let creating = false;
  return writeVersioned(trx, {
    resource: asset.resource,
    ifMatch: write.ifMatch,
    find: write.find ?? ((tx) => asset.find(tx, siteId, key, { forWrite: true })),
    absent: {
      // No client holds this tag: a write with If-Match to an asset that is not there is 412.
      etag: '"absent"',
      create: (tx, now) => {
        creating = true;
        return asset.insert(tx, siteId, key, now);
      },
    },
    etag: (row) => assetEtag(asset, siteId, row),
    fieldsOf: asset.contentOf,
    merge: (before) => write.merge(before, creating),
    update: asset.update,
    revision: {
      siteId,
      resource: asset.resource,
      actor: write.actor,
      resourceId: asset.keyOf,
      snapshot: (written) => written,
    },
  });
}

/**
 * DELETE through `deleteVersioned`: 404 when absent, 412 when If-Match does not hold, then what
 * `refuse` throws (a layout in use: 409), then the delete and its revision (every field to
 * nothing).
 */
export async function deleteAsset<Row extends { id: string; version: number }, Content>(
  trx: Db,
  asset: VersionedAsset<Row, Content>,
  write: Omit<AssetWrite<Row, Content>, 'find' | 'merge'> & {
    refuse?: (trx: Db, row: Row) => Promise<void>;
  },
): Promise<void> {
  const { siteId, key } = write;
  await deleteVersioned(trx, {
    resource: asset.resource,
    ifMatch: write.ifMatch,
    find: (tx) => asset.find(tx, siteId, key, { forWrite: true }),
    etag: (row) => assetEtag(asset, siteId, row),
    ...(write.refuse ? { refuse: write.refuse } : {}),
    remove: (tx, row) => asset.remove(tx, row.id),
    fieldsOf: asset.contentOf,
    revision: { siteId, resource: asset.resource, actor: write.actor, resourceId: asset.keyOf },
  });
}

/**
 * Saved log views (issue 30, decision 053): a user's named log queries on a site. Repository
 * functions take `db` or a transaction; rows become API objects in `toLogView` only, and the
 * query's JSON encoding never leaves this file.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  logViewQuerySchema,
  type LogView,
  type LogViewQuery,
} from '../../../contract/schemas/log-view';
import { jsonText, nowIso, parseJson } from '../../database/encoding';
import type { Database, LogViewsTable } from '../../database/schema';

/** Who owns the views: one user on one site. */
export interface LogViewOwner {
  siteId: string;
  userId: number;
}

export interface LogViewFields {
  name: string;
  appId: string | null;
  query: LogViewQuery;
}

function toLogView(row: Selectable<LogViewsTable>): LogView {
  // Written only through `logViewQuerySchema`; a row that no longer reads (a later version
  // narrowed the schema) still lists, as the live range with nothing filtered.
  const parsed = logViewQuerySchema.safeParse(parseJson<unknown>(row.query, null));
  return {
    id: row.id,
    name: row.name,
    app_id: row.app_id,
    query: parsed.success ? parsed.data : { range: 'live' },
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The owner's views for `appId` (and those for any app), or all of them when `appId` is undefined. */
export async function listLogViews(
  db: Kysely<Database>,
  owner: LogViewOwner,
  appId?: string,
): Promise<LogView[]> {
  let query = db
    .selectFrom('log_views')
    .selectAll()
    .where('site_id', '=', owner.siteId)
    .where('user_id', '=', owner.userId);
  if (appId !== undefined) {
    query = query.where((eb) => eb.or([eb('app_id', 'is', null), eb('app_id', '=', appId)]));
  }
  const rows = await query.orderBy('name').orderBy('id').execute();
  return rows.map(toLogView);
}

export async function countLogViews(db: Kysely<Database>, owner: LogViewOwner): Promise<number> {
  const row = await db
    .selectFrom('log_views')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('site_id', '=', owner.siteId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The owner's view `id`; undefined when there is none or it is another user's. */
export async function findLogView(
  db: Kysely<Database>,
  owner: LogViewOwner,
  id: number,
): Promise<LogView | undefined> {
  const row = await db
    .selectFrom('log_views')
    .selectAll()
    .where('id', '=', id)
    .where('site_id', '=', owner.siteId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return row ? toLogView(row) : undefined;
}

/** The id of the owner's view called `name`, if any (names compare exactly, after trimming). */
export async function logViewIdNamed(
  db: Kysely<Database>,
  owner: LogViewOwner,
  name: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('log_views')
    .select('id')
    .where('site_id', '=', owner.siteId)
    .where('user_id', '=', owner.userId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.id;
}

export async function insertLogView(
  db: Kysely<Database>,
  owner: LogViewOwner,
  fields: LogViewFields,
): Promise<LogView> {
  const now = nowIso();
  const row = await db
    .insertInto('log_views')
    .values({
      site_id: owner.siteId,
      user_id: owner.userId,
      app_id: fields.appId,
      name: fields.name,
      query: jsonText(fields.query),
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toLogView(row);
}

/** Writes `fields` if the view is still at `version`: the view as written, or undefined. */
export async function updateLogViewAtVersion(
  db: Kysely<Database>,
  owner: LogViewOwner,
  id: number,
  version: number,
  fields: LogViewFields,
): Promise<LogView | undefined> {
  const row = await db
    .updateTable('log_views')
    .set({
      app_id: fields.appId,
      name: fields.name,
      query: jsonText(fields.query),
      version: version + 1,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .where('site_id', '=', owner.siteId)
    .where('user_id', '=', owner.userId)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
  return row ? toLogView(row) : undefined;
}

/** Whether the owner's view `id` was there to delete. */
export async function deleteLogView(
  db: Kysely<Database>,
  owner: LogViewOwner,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('log_views')
    .where('id', '=', id)
    .where('site_id', '=', owner.siteId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Whether `error` is the unique index refusing a second view of the same name (two instances
 * that saved it at the same moment on PostgreSQL; on SQLite the write lock orders them first).
 */
export function isDuplicateName(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

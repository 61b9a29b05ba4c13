/**
 * Apps of a site.
 *
 * For other repositories and routes: `findAppRow(db, siteId, key)` returns the app's row (with
 * its integer `id`, which `app_logs.app_id` references) or undefined; an app of another site is
 * undefined, exactly like one that does not exist. `db` may be a transaction. Callers read a row
 * only through `toApp` and `changesOf`, and write apps as the API's App.
 */
import type { Kysely, Selectable } from 'kysely';
import type { App } from '../../../contract/schemas/app';
import type { AppsTable, Database } from '../../database/schema';
import { flag, isSet, jsonText, parseJson } from '../../database/encoding';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import { updateAtVersion } from '../../database/versioned-update';

export type AppRow = Selectable<AppsTable>;

export async function findAppRow(
  db: Kysely<Database>,
  siteId: string,
  key: string,
  options: FindOptions = {},
): Promise<AppRow | undefined> {
  const query = db
    .selectFrom('apps')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('key', '=', key);
  return (options.forWrite ? lockedForWrite(db, query) : query).executeTakeFirst();
}

export async function listAppRows(db: Kysely<Database>, siteId: string): Promise<AppRow[]> {
  return db
    .selectFrom('apps')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('name')
    .orderBy('key')
    .execute();
}

/** Adds an app to the site at version 1; returns its row id. */
export async function insertApp(db: Kysely<Database>, siteId: string, app: App): Promise<number> {
  const inserted = await db
    .insertInto('apps')
    .values({
      site_id: siteId,
      key: app.key,
      name: app.name,
      url: app.url,
      domain: app.domain,
      callback_url: app.callback_url,
      internal: flag(app.internal),
      install_scopes: jsonText(app.install_scopes),
      sdk_version: app.sdk_version,
      compiled_at: app.compiled_at,
      compile_errors: jsonText(app.compile_errors),
      functions: jsonText(app.functions),
      routes: jsonText(app.routes),
      callbacks: jsonText(app.callbacks),
      jobs: jsonText(app.jobs),
      schedules: jsonText(app.schedules),
      created_at: app.created_at,
      updated_at: app.updated_at,
      version: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The writable columns of an app, as the update path computes them. */
export interface AppChanges {
  name: string;
  url: string;
  domain: string;
  callback_url: string;
  internal: boolean;
  install_scopes: string[];
  sdk_version: string;
}

export function changesOf(row: AppRow): AppChanges {
  return {
    name: row.name,
    url: row.url,
    domain: row.domain,
    callback_url: row.callback_url,
    internal: isSet(row.internal),
    install_scopes: parseJson<string[]>(row.install_scopes, []),
    sdk_version: row.sdk_version,
  };
}

/**
 * Writes the new values if (and only if) the row is still at `expectedVersion`; bumps the
 * version and `updated_at`. Returns the row as written, or undefined when it was not at that
 * version (the caller answers 412).
 */
export async function updateApp(
  db: Kysely<Database>,
  id: number,
  expectedVersion: number,
  values: AppChanges,
  updatedAt: string,
): Promise<AppRow | undefined> {
  return updateAtVersion(
    db,
    'apps',
    { column: 'id', value: id },
    expectedVersion,
    {
      name: values.name,
      url: values.url,
      domain: values.domain,
      callback_url: values.callback_url,
      internal: flag(values.internal),
      install_scopes: jsonText(values.install_scopes),
      sdk_version: values.sdk_version,
    },
    updatedAt,
  );
}

/** The one place an app row becomes the API's App. */
export function toApp(row: AppRow): App {
  return {
    name: row.name,
    url: row.url,
    key: row.key,
    domain: row.domain,
    callback_url: row.callback_url,
    internal: isSet(row.internal),
    install_scopes: parseJson<string[]>(row.install_scopes, []),
    created_at: row.created_at,
    updated_at: row.updated_at,
    sdk_version: row.sdk_version,
    compiled_at: row.compiled_at,
    compile_errors: parseJson<string[]>(row.compile_errors, []),
    functions: parseJson<App['functions']>(row.functions, []),
    routes: parseJson<App['routes']>(row.routes, []),
    callbacks: parseJson<App['callbacks']>(row.callbacks, []),
    jobs: parseJson<App['jobs']>(row.jobs, []),
    schedules: parseJson<App['schedules']>(row.schedules, []),
  };
}

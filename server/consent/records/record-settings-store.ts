/**
 * A site's consent record settings (migration 022): the public key banners send, the origins
 * they may record from, the secret of the address hash and the retention. The row is made the
 * first time anything asks for it, with a new key and secret and no origins (so nothing is
 * recorded until an admin lists the site's origins).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  DEFAULT_CONSENT_RETENTION_MONTHS,
  type ConsentPublicKey,
} from '../../../contract/schemas/consent-record';
import { jsonText, nowIso, parseJson } from '../../database/encoding';
import type { ConsentRecordSettingsTable, Database } from '../../database/schema';

export type ConsentRecordSettingsRow = Selectable<ConsentRecordSettingsTable>;

/** A new public key: `pk_` and 24 random bytes, base64url. */
export function newPublicKey(): string {
  return `pk_${randomBytes(24).toString('base64url')}`;
}

export async function findRecordSettings(
  db: Kysely<Database>,
  siteId: string,
): Promise<ConsentRecordSettingsRow | undefined> {
  return db
    .selectFrom('consent_record_settings')
    .selectAll()
    .where('site_id', '=', siteId)
    .executeTakeFirst();
}

/** The site whose public key this is, with its settings; undefined for an unknown key. */
export async function findRecordSettingsByKey(
  db: Kysely<Database>,
  key: string,
): Promise<ConsentRecordSettingsRow | undefined> {
  return db
    .selectFrom('consent_record_settings')
    .selectAll()
    .where('public_key', '=', key)
    .executeTakeFirst();
}

/** The site's row, made (new key and secret, no origins, 12 months) when it has none. */
export async function ensureRecordSettings(
  db: Kysely<Database>,
  siteId: string,
): Promise<ConsentRecordSettingsRow> {
  const found = await findRecordSettings(db, siteId);
  if (found) return found;
  await db
    .insertInto('consent_record_settings')
    .values({
      site_id: siteId,
      public_key: newPublicKey(),
      origins: jsonText([]),
      hash_secret: randomBytes(32).toString('base64url'),
      retention_months: DEFAULT_CONSENT_RETENTION_MONTHS,
      updated_at: nowIso(),
    })
    .onConflict((oc) => oc.column('site_id').doNothing())
    .execute();
  const row = await findRecordSettings(db, siteId);
  if (!row) throw new Error(`consent record settings of ${siteId} were not stored`);
  return row;
}

export function originsOf(row: Pick<ConsentRecordSettingsRow, 'origins'>): string[] {
  return parseJson<string[]>(row.origins, []);
}

/** The settings as the API answers them; `apiBase` is the service's `/api` URL. */
export function toConsentPublicKey(
  row: ConsentRecordSettingsRow,
  apiBase: string,
): ConsentPublicKey {
  return {
    key: row.public_key,
    endpoint: `${apiBase}/public/sites/${encodeURIComponent(row.site_id)}/consent-records?key=${encodeURIComponent(row.public_key)}`,
    origins: originsOf(row),
    retention_months: row.retention_months,
    updated_at: row.updated_at,
  };
}

export interface RecordSettingsChange {
  public_key?: string;
  origins?: readonly string[];
  retention_months?: number;
}

/** Writes the change; answers the row as written. */
export async function updateRecordSettings(
  db: Kysely<Database>,
  siteId: string,
  change: RecordSettingsChange,
): Promise<ConsentRecordSettingsRow> {
  await db
    .updateTable('consent_record_settings')
    .set({
      ...(change.public_key !== undefined ? { public_key: change.public_key } : {}),
      ...(change.origins !== undefined ? { origins: jsonText(change.origins) } : {}),
      ...(change.retention_months !== undefined
        ? { retention_months: change.retention_months }
        : {}),
      updated_at: nowIso(),
    })
    .where('site_id', '=', siteId)
    .execute();
  const row = await findRecordSettings(db, siteId);
  if (!row) throw new Error(`consent record settings of ${siteId} are gone`);
  return row;
}

/** Every site's retention, for the retention run. */
export async function listRetentions(
  db: Kysely<Database>,
): Promise<Array<{ site_id: string; retention_months: number }>> {
  return db
    .selectFrom('consent_record_settings')
    .select(['site_id', 'retention_months'])
    .orderBy('site_id')
    .execute();
}

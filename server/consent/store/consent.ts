/** A site's consent configuration, its applications and cookies. */
import type { Kysely, Selectable } from 'kysely';
import type {
  ConsentApplication,
  ConsentConfig,
  ConsentCookie,
  ConsentMode,
  ConsentPurpose,
} from '../../../contract/schemas/consent';
import type { ConsentConfigsTable, ConsentCookiesTable, Database } from '../../database/schema';
import { flag, isSet, jsonText, parseJson } from '../../database/encoding';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import { updateAtVersion } from '../../database/versioned-update';

export type ConsentConfigRow = Selectable<ConsentConfigsTable>;

export async function findConsentConfigRow(
  db: Kysely<Database>,
  siteId: string,
  options: FindOptions = {},
): Promise<ConsentConfigRow | undefined> {
  const query = db.selectFrom('consent_configs').selectAll().where('site_id', '=', siteId);
  return (options.forWrite ? lockedForWrite(db, query) : query).executeTakeFirst();
}

/** The row, created with kind `none` if the site has none yet; locked for the write that follows. */
export async function ensureConsentConfigRow(
  db: Kysely<Database>,
  siteId: string,
  now: string,
): Promise<ConsentConfigRow> {
  await db
    .insertInto('consent_configs')
    .values({
      site_id: siteId,
      privacy_policy_kind: 'none',
      privacy_policy_url: jsonText({}),
      privacy_policy_page_id: null,
      purposes: jsonText([]),
      consent_mode: null,
      created_at: now,
      updated_at: now,
      version: 1,
    })
    .onConflict((oc) => oc.column('site_id').doNothing())
    .execute();
  return lockedForWrite(
    db,
    db.selectFrom('consent_configs').selectAll().where('site_id', '=', siteId),
  ).executeTakeFirstOrThrow();
}

export interface PrivacyPolicyFields {
  privacy_policy_kind: string;
  privacy_policy_url: Record<string, string>;
  privacy_policy_page_id: string | null;
}

export function privacyPolicyOf(row: ConsentConfigRow): PrivacyPolicyFields {
  return {
    privacy_policy_kind: row.privacy_policy_kind,
    privacy_policy_url: parseJson<Record<string, string>>(row.privacy_policy_url, {}),
    privacy_policy_page_id: row.privacy_policy_page_id,
  };
}

/** What `PATCH /settings/consent` writes: the privacy policy and the Consent Mode mapping. */
export interface ConsentSettingsFields extends PrivacyPolicyFields {
  consent_mode: ConsentMode | null;
}

function consentModeOf(row: Pick<ConsentConfigRow, 'consent_mode'>): ConsentMode | null {
  return row.consent_mode === null ? null : parseJson<ConsentMode>(row.consent_mode, {});
}

export function consentSettingsOf(row: ConsentConfigRow): ConsentSettingsFields {
  return { ...privacyPolicyOf(row), consent_mode: consentModeOf(row) };
}

/** The names of the purposes a configuration row declares (what a mapping may name). */
export function purposeNamesOf(row: ConsentConfigRow): string[] {
  return parseJson<ConsentPurpose[]>(row.purposes, []).map((purpose) => purpose.name);
}

/**
 * Writes the privacy policy fields and the Consent Mode mapping if the row is still at
 * `expectedVersion`; bumps version and updated_at. Returns the row as written, or undefined when
 * it was not at that version (the caller answers 412).
 */
export async function updateConsentSettings(
  db: Kysely<Database>,
  siteId: string,
  expectedVersion: number,
  fields: ConsentSettingsFields,
  updatedAt: string,
): Promise<ConsentConfigRow | undefined> {
  return updateAtVersion(
    db,
    'consent_configs',
    { column: 'site_id', value: siteId },
    expectedVersion,
    {
      privacy_policy_kind: fields.privacy_policy_kind,
      privacy_policy_url: jsonText(fields.privacy_policy_url),
      privacy_policy_page_id: fields.privacy_policy_page_id,
      consent_mode: fields.consent_mode === null ? null : jsonText(fields.consent_mode),
    },
    updatedAt,
  );
}

/**
 * A configuration as it is stored: applications without their cookies (the cookie list says
 * which application each belongs to), in the order they are listed.
 */
export interface StoredConsentConfig extends Pick<
  ConsentConfig,
  'privacy_policy_kind' | 'privacy_policy_url' | 'privacy_policy_page_id' | 'purposes' | 'cookies'
> {
  // Pick, not Omit: the schemas are loose, and Omit over an index signature loses every field.
  applications: Array<
    Pick<
      ConsentApplication,
      | 'name'
      | 'title'
      | 'description'
      | 'purposes'
      | 'required'
      | 'default'
      | 'opt_out'
      | 'placeholder_message'
      | 'placeholder_action'
    >
  >;
  created_at: string;
  updated_at: string;
}

/** Writes a site's whole consent configuration at version 1 (the site has none yet). */
export async function insertConsentConfig(
  db: Kysely<Database>,
  siteId: string,
  config: StoredConsentConfig,
): Promise<void> {
  await db
    .insertInto('consent_configs')
    .values({
      site_id: siteId,
      privacy_policy_kind: config.privacy_policy_kind,
      privacy_policy_url: jsonText(config.privacy_policy_url),
      privacy_policy_page_id: config.privacy_policy_page_id,
      purposes: jsonText(config.purposes),
      created_at: config.created_at,
      updated_at: config.updated_at,
      version: 1,
    })
    .execute();
  for (const [position, application] of config.applications.entries()) {
    await db
      .insertInto('consent_applications')
      .values({
        site_id: siteId,
        name: application.name,
        position,
        title: jsonText(application.title),
        description: jsonText(application.description),
        purposes: jsonText(application.purposes),
        required: flag(application.required),
        default_enabled: flag(application.default),
        opt_out: flag(application.opt_out),
        placeholder_message: jsonText(application.placeholder_message),
        placeholder_action: jsonText(application.placeholder_action),
      })
      .execute();
  }
  for (const [position, cookie] of config.cookies.entries()) {
    await db
      .insertInto('consent_cookies')
      .values({
        site_id: siteId,
        id: cookie.id,
        position,
        name: cookie.name,
        path: cookie.path,
        domain: cookie.domain,
        application: cookie.application,
      })
      .execute();
  }
}

function toCookie(row: Selectable<ConsentCookiesTable>): ConsentCookie {
  return {
    id: row.id,
    name: row.name,
    path: row.path,
    domain: row.domain,
    application: row.application,
  };
}

export async function listConsentCookies(
  db: Kysely<Database>,
  siteId: string,
): Promise<ConsentCookie[]> {
  const rows = await db
    .selectFrom('consent_cookies')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('position')
    .execute();
  return rows.map(toCookie);
}

/** The site's consent applications, each with the cookies that belong to it. */
export async function listConsentApplications(
  db: Kysely<Database>,
  siteId: string,
  cookies?: ConsentCookie[],
): Promise<ConsentApplication[]> {
  const allCookies = cookies ?? (await listConsentCookies(db, siteId));
  const rows = await db
    .selectFrom('consent_applications')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    title: parseJson<Record<string, string>>(row.title, {}),
    description: parseJson<Record<string, string>>(row.description, {}),
    purposes: parseJson<string[]>(row.purposes, []),
    required: isSet(row.required),
    default: isSet(row.default_enabled),
    opt_out: isSet(row.opt_out),
    placeholder_message: parseJson<Record<string, string>>(row.placeholder_message, {}),
    placeholder_action: parseJson<Record<string, string>>(row.placeholder_action, {}),
    cookies: allCookies.filter((cookie) => cookie.application === row.name),
  }));
}

/** The whole configuration; a site without one gets the empty configuration (kind `none`). */
export async function loadConsentConfig(
  db: Kysely<Database>,
  siteId: string,
  row: ConsentConfigRow | undefined,
): Promise<ConsentConfig> {
  const cookies = await listConsentCookies(db, siteId);
  const applications = await listConsentApplications(db, siteId, cookies);
  const policy: PrivacyPolicyFields = row
    ? privacyPolicyOf(row)
    : { privacy_policy_kind: 'none', privacy_policy_url: {}, privacy_policy_page_id: null };
  return {
    ...policy,
    purposes: parseJson<ConsentPurpose[]>(row?.purposes, []),
    applications,
    cookies,
    consent_mode: row ? consentModeOf(row) : null,
  };
}

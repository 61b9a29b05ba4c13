/** Sites and memberships. */
import type { Kysely, Selectable } from 'kysely';
import type { Site } from '../../../contract/schemas/site';
import type { SiteSettings } from '../../../contract/schemas/site-settings';
import {
  DEFAULT_EMAIL_CLIENTS,
  EMAIL_CLIENT_IDS,
  type EmailClientId,
} from '../../../contract/schemas/email-clients';
import type { Database, SitesTable } from '../../database/schema';
import { jsonText, nowIso, parseJson } from '../../database/encoding';
import { LanguageChangeRefused } from '../../database/language-change-refused';
import {
  relocalize,
  contentOf,
  insertNotification,
  newNotificationId,
  listNotifications,
  updateNotification,
  type NotificationRecord,
} from '../../notifications/index';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import { updateAtVersion } from '../../database/versioned-update';

export async function findSite(
  db: Kysely<Database>,
  siteId: string,
): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('sites').select(['id', 'name']).where('id', '=', siteId).executeTakeFirst();
}

/** A new site, with the built-in templates every site has (`log-alert`, issue 41). */
export async function createSite(db: Kysely<Database>, id: string, name: string): Promise<void> {
  const now = nowIso();
  await db.insertInto('sites').values({ id, name, created_at: now, updated_at: now }).execute();
  await insertNotification(db, id, {
    ...LOG_ALERT_TEMPLATE,
    id: newNotificationId(),
    created_at: now,
    updated_at: now,
  });
}

/** The user's role on the site, or undefined when the user is not a member. */
export async function findMembershipRole(
  db: Kysely<Database>,
  userId: number,
  siteId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row?.role;
}

/** Makes the user a member of the site (keeps an existing membership as it is). */
export async function ensureMembership(
  db: Kysely<Database>,
  userId: number,
  siteId: string,
  role = 'admin',
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, site_id: siteId, role, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'site_id']).doNothing())
    .execute();
}

export async function listSitesOfUser(db: Kysely<Database>, userId: number): Promise<Site[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('sites', 'sites.id', 'memberships.site_id')
    .select(['sites.id', 'sites.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('sites.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, role: row.role }));
}

// --- A site's name and languages (issue 28, decision 045) ---

export type SiteRow = Selectable<SitesTable>;

export async function findSiteRow(
  db: Kysely<Database>,
  siteId: string,
  options: FindOptions = {},
): Promise<SiteRow | undefined> {
  const query = db.selectFrom('sites').selectAll().where('id', '=', siteId);
  return (options.forWrite ? lockedForWrite(db, query) : query).executeTakeFirst();
}

/** The writable settings of a site. */
export interface SiteSettingsFields {
  name: string;
  default_locale: string;
  locales: string[];
  /** E-mail client ids the checks report on (issue 39, migration 024). */
  email_clients: EmailClientId[];
}

export function siteSettingsOf(row: SiteRow): SiteSettingsFields {
  return {
    name: row.name,
    default_locale: row.default_locale,
    locales: parseJson<string[]>(row.locales, [row.default_locale]),
    email_clients: emailClientsOf(row.email_clients),
  };
}

/** The stored list, without ids a later version no longer offers. */
function emailClientsOf(stored: string): EmailClientId[] {
  const ids = parseJson<unknown>(stored, [...DEFAULT_EMAIL_CLIENTS]);
  if (!Array.isArray(ids)) return [...DEFAULT_EMAIL_CLIENTS];
  return ids.filter((id): id is EmailClientId =>
    (EMAIL_CLIENT_IDS as readonly unknown[]).includes(id),
  );
}

export function toSiteSettings(row: SiteRow): SiteSettings {
  return { ...siteSettingsOf(row), updated_at: row.updated_at };
}

/**
 * Writes the settings if the site is still at `current.version`, and in the same transaction
 * brings every notification of the site to the new languages (locale-change.ts: translations of
 * removed locales deleted, a new default's translation promoted); each notification so changed
 * moves to its next version. Undefined when the site was not at that version (412).
 */
export async function updateSiteSettings(
  db: Kysely<Database>,
  current: SiteRow,
  next: SiteSettingsFields,
  now: string,
  /** Called for each notification the change rewrites, inside the transaction (its revision). */
  notificationWritten?: (before: NotificationRecord, after: NotificationRecord) => Promise<void>,
): Promise<SiteRow | undefined> {
  const written = await updateAtVersion(
    db,
    'sites',
    { column: 'id', value: current.id },
    current.version,
    {
      name: next.name,
      default_locale: next.default_locale,
      locales: jsonText(next.locales),
      email_clients: jsonText(next.email_clients),
    },
    now,
  );
  if (!written) return undefined;
  const before = siteSettingsOf(current);
  if (before.default_locale === next.default_locale && sameList(before.locales, next.locales)) {
    return written;
  }
  const withoutHtml: string[] = [];
  for (const notification of await listNotifications(db, current.id, { forWrite: true })) {
    const content = contentOf(notification);
    const relocalized = relocalize(content, before, next);
    if (relocalized.html_enabled && relocalized.html.trim() === '') {
      withoutHtml.push(relocalized.name);
      continue;
    }
    // relocalize copies the content and only deletes or adds keys, so an unchanged result has
    // the same key order and the same JSON text.
    if (JSON.stringify(relocalized) === JSON.stringify(content)) continue;
    const rewritten = await updateNotification(db, notification, relocalized, now);
    if (!rewritten) {
      // Locked above, so it cannot have moved; if it did, the whole change is refused.
      throw new Error(`notification ${notification.id} changed during a change of languages`);
    }
    await notificationWritten?.(notification, rewritten);
  }
  // Thrown inside the change's transaction: the writes above are rolled back with it.
  if (withoutHtml.length > 0) throw new LanguageChangeRefused(next.default_locale, withoutHtml);
  return written;
}

/** Sets a new site's languages as they are (the demo seed); no notification is touched. */
export async function setSiteLanguages(
  db: Kysely<Database>,
  siteId: string,
  languages: { default_locale: string; locales: readonly string[] },
): Promise<void> {
  await db
    .updateTable('sites')
    .set({ default_locale: languages.default_locale, locales: jsonText(languages.locales) })
    .where('id', '=', siteId)
    .execute();
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

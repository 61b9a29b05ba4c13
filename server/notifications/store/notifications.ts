/** Notification templates of a site, found by slug or by id. */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Notification } from '../../../contract/schemas/notification';
import type { Database, NotificationsTable } from '../../database/schema';
import { flag, isSet } from '../../database/encoding';
import {
  loadTranslations,
  writeTranslations,
  type StoredTranslations,
  type TranslationContent,
} from './notification-translations';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import { updateAtVersion } from '../../database/versioned-update';

export type NotificationRow = Selectable<NotificationsTable>;

/** A notification's row with its translations (issue 28). */
export type NotificationRecord = NotificationRow & { translations: StoredTranslations };

export function newNotificationId(): string {
  return `ntf_${randomBytes(9).toString('base64url')}`;
}

/** By slug first, then by id; a notification of another site is undefined. */
export async function findNotificationRow(
  db: Kysely<Database>,
  siteId: string,
  slugOrId: string,
  options: FindOptions = {},
): Promise<NotificationRow | undefined> {
  const lock = (query: SelectQueryBuilder<Database, 'notifications', NotificationRow>) =>
    options.forWrite ? lockedForWrite(db, query) : query;
  const bySlug = await lock(
    db
      .selectFrom('notifications')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('slug', '=', slugOrId),
  ).executeTakeFirst();
  if (bySlug) return bySlug;
  return lock(
    db
      .selectFrom('notifications')
      .selectAll()
      .where('site_id', '=', siteId)
      .where('id', '=', slugOrId),
  ).executeTakeFirst();
}

/** findNotificationRow with the notification's translations. */
export async function findNotification(
  db: Kysely<Database>,
  siteId: string,
  slugOrId: string,
  options: FindOptions = {},
): Promise<NotificationRecord | undefined> {
  const row = await findNotificationRow(db, siteId, slugOrId, options);
  if (!row) return undefined;
  const translations = await loadTranslations(db, [row.id]);
  return { ...row, translations: translations.get(row.id) ?? {} };
}

/** The site's notifications with their translations, by name. */
export async function listNotifications(
  db: Kysely<Database>,
  siteId: string,
  options: FindOptions = {},
): Promise<NotificationRecord[]> {
  const rows = await listNotificationRows(db, siteId, options);
  const translations = await loadTranslations(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, translations: translations.get(row.id) ?? {} }));
}

export async function listNotificationRows(
  db: Kysely<Database>,
  siteId: string,
  options: FindOptions = {},
): Promise<NotificationRow[]> {
  const query = db
    .selectFrom('notifications')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('name')
    .orderBy('slug');
  return (options.forWrite ? lockedForWrite(db, query) : query).execute();
}

/**
 * A notification as it is stored: the API's Notification without its derived `url` (Pick, not
 * Omit: the schema is loose, and Omit over its index signature would lose every field).
 */
export type StoredNotification = Pick<
  Notification,
  | 'id'
  | 'slug'
  | 'name'
  | 'description'
  | 'subject'
  | 'text'
  | 'html'
  | 'html_enabled'
  | 'created_at'
  | 'updated_at'
>;

/** Adds a notification to the site at version 1 (in the layout named, which must exist). */
export async function insertNotification(
  db: Kysely<Database>,
  siteId: string,
  notification: StoredNotification & { layout?: string | null },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({
      id: notification.id,
      site_id: siteId,
      slug: notification.slug,
      name: notification.name,
      description: notification.description,
      subject: notification.subject,
      text: notification.text,
      html: notification.html,
      html_enabled: flag(notification.html_enabled),
      layout: notification.layout ?? null,
      created_at: notification.created_at,
      updated_at: notification.updated_at,
      version: 1,
    })
    .execute();
}

export interface NotificationContent {
  name: string;
  description: string;
  subject: string;
  text: string;
  html: string;
  html_enabled: boolean;
  /** The slug of the site's layout it renders in, or null (issue 38). */
  layout: string | null;
  /** Locale → translation (never the default locale). */
  translations: Record<string, TranslationContent>;
}

export function contentOf(record: NotificationRecord): NotificationContent {
  return {
    name: record.name,
    description: record.description,
    subject: record.subject,
    text: record.text,
    html: record.html,
    html_enabled: isSet(record.html_enabled),
    layout: record.layout,
    translations: Object.fromEntries(
      Object.entries(record.translations).map(([locale, { updated_at: _, ...content }]) => [
        locale,
        content,
      ]),
    ),
  };
}

/**
 * Writes the content, translations included, if the row is still at `current.version`; bumps
 * version and updated_at (a translation's change moves the notification's ETag too). Returns the
 * notification as written, or undefined when it was not at that version (the caller answers 412).
 */
export async function updateNotification(
  db: Kysely<Database>,
  current: NotificationRecord,
  content: NotificationContent,
  updatedAt: string,
): Promise<NotificationRecord | undefined> {
  const row = await updateAtVersion(
    db,
    'notifications',
    { column: 'id', value: current.id },
    current.version,
    {
      name: content.name,
      description: content.description,
      subject: content.subject,
      text: content.text,
      html: content.html,
      html_enabled: flag(content.html_enabled),
      layout: content.layout,
    },
    updatedAt,
  );
  if (!row) return undefined;
  const translations = await writeTranslations(
    db,
    current.id,
    current.translations,
    content.translations,
    updatedAt,
  );
  return { ...row, translations };
}

/** Whether the default's content moved since a translation was saved against `basis`. */
export function isOutdated(
  basis: TranslationContent['based_on'],
  current: Pick<NotificationRow, 'subject' | 'text' | 'html'>,
): boolean {
  return (
    basis.subject !== current.subject || basis.text !== current.text || basis.html !== current.html
  );
}

/** The one place a row becomes the API's Notification; `baseUrl` is the API's base URL. */
export function toNotification(row: NotificationRecord, baseUrl: string): Notification {
  return {
    id: row.id,
    url: `${baseUrl}/notifications/${encodeURIComponent(row.slug)}`,
    created_at: row.created_at,
    updated_at: row.updated_at,
    slug: row.slug,
    html_enabled: isSet(row.html_enabled),
    description: row.description,
    name: row.name,
    subject: row.subject,
    text: row.text,
    html: row.html,
    layout: row.layout,
    translations: Object.fromEntries(
      Object.entries(row.translations).map(([locale, translation]) => [
        locale,
        { ...translation, outdated: isOutdated(translation.based_on, row) },
      ]),
    ),
  };
}

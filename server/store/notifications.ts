/** Notification templates of a site, found by slug or by id. */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Notification } from '../../src/api/schemas/notification';
import type { Database, NotificationsTable } from './schema';
import { flag, isSet } from './encoding';
import { lockedForWrite, type FindOptions } from './row-lock';
import { updateAtVersion } from './versioned-update';

export type NotificationRow = Selectable<NotificationsTable>;

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

export async function listNotificationRows(
  db: Kysely<Database>,
  siteId: string,
): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('name')
    .orderBy('slug')
    .execute();
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

/** Adds a notification to the site at version 1. */
export async function insertNotification(
  db: Kysely<Database>,
  siteId: string,
  notification: StoredNotification,
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
}

export function contentOf(row: NotificationRow): NotificationContent {
  return {
    name: row.name,
    description: row.description,
    subject: row.subject,
    text: row.text,
    html: row.html,
    html_enabled: isSet(row.html_enabled),
  };
}

/**
 * Writes the content if the row is still at `expectedVersion`; bumps version and updated_at.
 * Returns the row as written, or undefined when it was not at that version (the caller answers
 * 412).
 */
export async function updateNotification(
  db: Kysely<Database>,
  id: string,
  expectedVersion: number,
  content: NotificationContent,
  updatedAt: string,
): Promise<NotificationRow | undefined> {
  return updateAtVersion(
    db,
    'notifications',
    { column: 'id', value: id },
    expectedVersion,
    {
      name: content.name,
      description: content.description,
      subject: content.subject,
      text: content.text,
      html: content.html,
      html_enabled: flag(content.html_enabled),
    },
    updatedAt,
  );
}

/** The one place a row becomes the API's Notification; `baseUrl` is the API's base URL. */
export function toNotification(row: NotificationRow, baseUrl: string): Notification {
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
  };
}

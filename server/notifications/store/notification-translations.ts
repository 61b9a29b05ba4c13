/**
 * Translations of notifications (issue 28, decision 045): one row per notification and
 * non-default locale. They are part of their notification's versioned content: a change to one
 * is written with the notification's conditional update (notifications.ts), so it moves the
 * notification's ETag. `based_on` is the default's content when the translation was last saved.
 */
import type { Kysely, Selectable } from 'kysely';
import type { TranslationBasis } from '../../../contract/schemas/notification';
import type { Database, NotificationTranslationsTable } from '../../database/schema';

/** A translation's content as the notification's versioned fields hold it. */
export interface TranslationContent {
  subject: string;
  text: string;
  html: string;
  based_on: TranslationBasis;
}

/** A stored translation: its content and when it was last saved. */
export interface StoredTranslation extends TranslationContent {
  updated_at: string;
}

/** Locale → translation. */
export type StoredTranslations = Record<string, StoredTranslation>;

function toStored(row: Selectable<NotificationTranslationsTable>): StoredTranslation {
  return {
    subject: row.subject,
    text: row.text,
    html: row.html,
    based_on: { subject: row.based_on_subject, text: row.based_on_text, html: row.based_on_html },
    updated_at: row.updated_at,
  };
}

/** The translations of each of the given notifications (an id without any maps to `{}`). */
export async function loadTranslations(
  db: Kysely<Database>,
  notificationIds: readonly string[],
): Promise<Map<string, StoredTranslations>> {
  const out = new Map<string, StoredTranslations>(notificationIds.map((id) => [id, {}]));
  if (notificationIds.length === 0) return out;
  const rows = await db
    .selectFrom('notification_translations')
    .selectAll()
    .where('notification_id', 'in', notificationIds)
    .orderBy('locale')
    .execute();
  for (const row of rows) {
    const translations = out.get(row.notification_id);
    if (translations) translations[row.locale] = toStored(row);
  }
  return out;
}

/** Inserts or replaces one translation. */
export async function putTranslation(
  db: Kysely<Database>,
  notificationId: string,
  locale: string,
  translation: StoredTranslation,
): Promise<void> {
  const values = {
    subject: translation.subject,
    text: translation.text,
    html: translation.html,
    based_on_subject: translation.based_on.subject,
    based_on_text: translation.based_on.text,
    based_on_html: translation.based_on.html,
    updated_at: translation.updated_at,
  };
  await db
    .insertInto('notification_translations')
    .values({ notification_id: notificationId, locale, ...values })
    .onConflict((oc) => oc.columns(['notification_id', 'locale']).doUpdateSet(values))
    .execute();
}

export async function deleteTranslation(
  db: Kysely<Database>,
  notificationId: string,
  locale: string,
): Promise<void> {
  await db
    .deleteFrom('notification_translations')
    .where('notification_id', '=', notificationId)
    .where('locale', '=', locale)
    .execute();
}

/**
 * Makes the stored translations of a notification `next`: removes those not in it and writes
 * those that differ from `before` (their `updated_at` becomes `now`; the others keep theirs).
 */
export async function writeTranslations(
  db: Kysely<Database>,
  notificationId: string,
  before: StoredTranslations,
  next: Record<string, TranslationContent>,
  now: string,
): Promise<StoredTranslations> {
  const written: StoredTranslations = {};
  for (const locale of Object.keys(before)) {
    if (!(locale in next)) await deleteTranslation(db, notificationId, locale);
  }
  for (const [locale, content] of Object.entries(next)) {
    const old = before[locale];
    if (old && sameContent(old, content)) {
      written[locale] = old;
      continue;
    }
    written[locale] = { ...content, updated_at: now };
    await putTranslation(db, notificationId, locale, written[locale]);
  }
  return written;
}

function sameContent(a: TranslationContent, b: TranslationContent): boolean {
  return (
    a.subject === b.subject &&
    a.text === b.text &&
    a.html === b.html &&
    a.based_on.subject === b.based_on.subject &&
    a.based_on.text === b.based_on.text &&
    a.based_on.html === b.based_on.html
  );
}

/**
 * Layouts of a site (issue 38, decision 062), found by slug. A layout's translations are JSON
 * text in its row: they are part of its versioned content, written by the same conditional update.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Layout } from '../../../contract/schemas/layout';
import { jsonText, parseJson } from '../../database/encoding';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import type { Database, LayoutsTable } from '../../database/schema';
import { updateAtVersion } from '../../database/versioned-update';

export interface LayoutTranslation {
  html: string;
  text: string;
  updated_at: string;
}

export type LayoutRow = Selectable<LayoutsTable>;

/** A layout as it is stored, translations decoded. */
export type LayoutRecord = Omit<LayoutRow, 'translations'> & {
  translations: Record<string, LayoutTranslation>;
};

/** The writable content (a translation's `updated_at` is bookkeeping, kept by the write). */
export interface LayoutContent {
  name: string;
  html: string;
  text: string;
  translations: Record<string, { html: string; text: string }>;
}

function decoded(row: LayoutRow): LayoutRecord {
  return {
    ...row,
    translations: parseJson<Record<string, LayoutTranslation>>(row.translations, {}),
  };
}

export async function findLayout(
  db: Kysely<Database>,
  siteId: string,
  slug: string,
  options: FindOptions = {},
): Promise<LayoutRecord | undefined> {
  const query = db
    .selectFrom('layouts')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('slug', '=', slug);
  const row = await (options.forWrite ? lockedForWrite(db, query) : query).executeTakeFirst();
  return row ? decoded(row) : undefined;
}

export async function listLayouts(db: Kysely<Database>, siteId: string): Promise<LayoutRecord[]> {
  const rows = await db
    .selectFrom('layouts')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('name')
    .orderBy('slug')
    .execute();
  return rows.map(decoded);
}

/** A new, empty layout at version 1 (the PUT that creates it fills it in the same transaction). */
export async function insertLayout(
  db: Kysely<Database>,
  siteId: string,
  slug: string,
  now: string,
): Promise<LayoutRecord> {
  const row = await db
    .insertInto('layouts')
    .values({
      id: `lay_${randomBytes(9).toString('base64url')}`,
      site_id: siteId,
      slug,
      name: '',
      html: '',
      text: '',
      translations: '{}',
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export function layoutContentOf(record: LayoutRecord): LayoutContent {
  return {
    name: record.name,
    html: record.html,
    text: record.text,
    translations: Object.fromEntries(
      Object.entries(record.translations).map(([locale, { html, text }]) => [
        locale,
        { html, text },
      ]),
    ),
  };
}

/** Writes the content if the layout is still at `current.version`; undefined otherwise. */
export async function updateLayout(
  db: Kysely<Database>,
  current: LayoutRecord,
  content: LayoutContent,
  now: string,
): Promise<LayoutRecord | undefined> {
  const translations: Record<string, LayoutTranslation> = {};
  for (const [locale, next] of Object.entries(content.translations)) {
    const old = current.translations[locale];
    const same = old && old.html === next.html && old.text === next.text;
    translations[locale] = same ? old : { ...next, updated_at: now };
  }
  const row = await updateAtVersion(
    db,
    'layouts',
    { column: 'id', value: current.id },
    current.version,
    {
      name: content.name,
      html: content.html,
      text: content.text,
      translations: jsonText(translations),
    },
    now,
  );
  return row ? decoded(row) : undefined;
}

export async function deleteLayout(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('layouts').where('id', '=', id).execute();
}

/** The slugs of the site's notifications that use the layout, in order. */
export async function layoutUsers(
  db: Kysely<Database>,
  siteId: string,
  slug: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('slug')
    .where('site_id', '=', siteId)
    .where('layout', '=', slug)
    .orderBy('slug')
    .execute();
  return rows.map((row) => row.slug);
}

/** The one place a stored layout becomes the API's Layout. */
export function toLayout(record: LayoutRecord, usedBy: string[]): Layout {
  return {
    slug: record.slug,
    name: record.name,
    html: record.html,
    text: record.text,
    translations: record.translations,
    used_by: usedBy,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

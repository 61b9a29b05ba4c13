/**
 * Snippets of a site (issue 38, decision 062), found by name. Translations are JSON text in the
 * row, part of the snippet's versioned content.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Snippet } from '../../../contract/schemas/layout';
import { jsonText, parseJson } from '../../database/encoding';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import type { Database, SnippetsTable } from '../../database/schema';
import { updateAtVersion } from '../../database/versioned-update';

export interface SnippetTranslation {
  body: string;
  updated_at: string;
}

export type SnippetRow = Selectable<SnippetsTable>;
export type SnippetRecord = Omit<SnippetRow, 'translations'> & {
  translations: Record<string, SnippetTranslation>;
};

export interface SnippetContent {
  body: string;
  translations: Record<string, { body: string }>;
}

function decoded(row: SnippetRow): SnippetRecord {
  return {
    ...row,
    translations: parseJson<Record<string, SnippetTranslation>>(row.translations, {}),
  };
}

export async function findSnippet(
  db: Kysely<Database>,
  siteId: string,
  name: string,
  options: FindOptions = {},
): Promise<SnippetRecord | undefined> {
  const query = db
    .selectFrom('snippets')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('name', '=', name);
  const row = await (options.forWrite ? lockedForWrite(db, query) : query).executeTakeFirst();
  return row ? decoded(row) : undefined;
}

export async function listSnippets(
  db: Kysely<Database>,
  siteId: string,
  options: FindOptions = {},
): Promise<SnippetRecord[]> {
  const query = db.selectFrom('snippets').selectAll().where('site_id', '=', siteId).orderBy('name');
  const rows = await (options.forWrite ? lockedForWrite(db, query) : query).execute();
  return rows.map(decoded);
}

export async function insertSnippet(
  db: Kysely<Database>,
  siteId: string,
  name: string,
  now: string,
): Promise<SnippetRecord> {
  const row = await db
    .insertInto('snippets')
    .values({
      id: `snp_${randomBytes(9).toString('base64url')}`,
      site_id: siteId,
      name,
      body: '',
      translations: '{}',
      version: 1,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export function snippetContentOf(record: SnippetRecord): SnippetContent {
  return {
    body: record.body,
    translations: Object.fromEntries(
      Object.entries(record.translations).map(([locale, { body }]) => [locale, { body }]),
    ),
  };
}

export async function updateSnippet(
  db: Kysely<Database>,
  current: SnippetRecord,
  content: SnippetContent,
  now: string,
): Promise<SnippetRecord | undefined> {
  const translations: Record<string, SnippetTranslation> = {};
  for (const [locale, next] of Object.entries(content.translations)) {
    const old = current.translations[locale];
    translations[locale] = old && old.body === next.body ? old : { ...next, updated_at: now };
  }
  const row = await updateAtVersion(
    db,
    'snippets',
    { column: 'id', value: current.id },
    current.version,
    { body: content.body, translations: jsonText(translations) },
    now,
  );
  return row ? decoded(row) : undefined;
}

export async function deleteSnippet(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('snippets').where('id', '=', id).execute();
}

/** Name → body of the site's snippets in `locale` (a snippet without its translation: its body). */
/** What rendering needs of a snippet: its name and bodies (stored or a draft). */
export interface SnippetBodies {
  name: string;
  body: string;
  translations: Record<string, { body: string }>;
}

export function snippetBodies(
  snippets: readonly SnippetBodies[],
  locale: string | undefined,
): Record<string, string> {
  return Object.fromEntries(
    snippets.map((s) => [s.name, (locale && s.translations[locale]?.body) || s.body]),
  );
}

export function toSnippet(record: SnippetRecord): Snippet {
  return {
    name: record.name,
    body: record.body,
    translations: record.translations,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

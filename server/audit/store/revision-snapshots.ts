/**
 * Revision snapshots stored by content (issue 42, decision 060). A notification's snapshot is its
 * whole stored record, translations included; most of its bytes are a few long texts (each
 * language's subject, text and HTML) that a save leaves as they were. Each text of at least
 * PART_MIN_CHARS is kept once per resource in `revision_parts`, by its SHA-256; the revision's
 * `snapshot` keeps the rest of the record, those texts emptied, and names them:
 *
 *   { …record, "$parts": [[["translations", "nl", "html"], "<sha256>"], …] }
 *
 * so a save that changes one field stores that field's text (when long) and a small skeleton,
 * not a copy of everything. A snapshot without `$parts` (written before migration 019) is whole
 * and reads as it is. Parts no revision names any more are deleted by revision retention
 * (revision-retention.ts).
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { jsonText, parseJson } from '../../database/encoding';
import type { Database } from '../../database/schema';

/** Texts this long or longer are stored as parts; shorter ones stay in the skeleton. */
export const PART_MIN_CHARS = 256;

/** The key the skeleton names its parts under. */
const PARTS_KEY = '$parts';

type Path = (string | number)[];

/** The resource a snapshot belongs to: parts are shared between its revisions only. */
export interface SnapshotOwner {
  siteId: string;
  resource: string;
  resourceId: string;
}

interface Split {
  skeleton: unknown;
  parts: Array<{ path: Path; hash: string; body: string }>;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The value with its long strings emptied, and those strings with where they were. */
function split(value: unknown, path: Path, parts: Split['parts']): unknown {
  if (typeof value === 'string') {
    if (value.length < PART_MIN_CHARS) return value;
    parts.push({ path, hash: hashOf(value), body: value });
    return '';
  }
  if (Array.isArray(value)) return value.map((item, index) => split(item, [...path, index], parts));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, split(item, [...path, key], parts)]),
    );
  }
  return value;
}

function splitSnapshot(snapshot: unknown): Split {
  const parts: Split['parts'] = [];
  const skeleton = split(snapshot, [], parts);
  return { skeleton, parts };
}

/**
 * Stores the snapshot's parts (those the resource has already are not written again) and answers
 * the text for the revision's `snapshot` column. Inside the write's transaction.
 */
export async function storeSnapshot(
  trx: Kysely<Database>,
  owner: SnapshotOwner,
  snapshot: unknown,
): Promise<string> {
  const { skeleton, parts } = splitSnapshot(snapshot);
  // Only an object can carry the list; anything else (no resource writes one) stays whole.
  if (parts.length === 0 || skeleton === null || typeof skeleton !== 'object') {
    return jsonText(snapshot);
  }
  const unique = new Map(parts.map((part) => [part.hash, part.body]));
  for (const [hash, body] of unique) {
    await trx
      .insertInto('revision_parts')
      .values({
        site_id: owner.siteId,
        resource: owner.resource,
        resource_id: owner.resourceId,
        hash,
        body,
      })
      .onConflict((oc) => oc.columns(['site_id', 'resource', 'resource_id', 'hash']).doNothing())
      .execute();
  }
  return jsonText({ ...skeleton, [PARTS_KEY]: parts.map((part) => [part.path, part.hash]) });
}

/** The hashes a stored snapshot names (none for a whole one). */
export function partHashesOf(text: string | null): string[] {
  const parsed = parseJson<unknown>(text, null);
  return namedParts(parsed).map(([, hash]) => hash);
}

function namedParts(parsed: unknown): Array<[Path, string]> {
  if (parsed === null || typeof parsed !== 'object' || !(PARTS_KEY in parsed)) return [];
  const list = (parsed as Record<string, unknown>)[PARTS_KEY];
  return Array.isArray(list) ? (list as Array<[Path, string]>) : [];
}

/** Puts `value` at `path` inside `target` (objects and arrays built by JSON.parse). */
function place(target: unknown, path: Path, value: string): void {
  let node = target as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last !== undefined) node[last] = value;
}

/** The snapshot as it was written, from its stored text and the parts it names. */
export function assembleSnapshot(text: string | null, parts: ReadonlyMap<string, string>): unknown {
  const parsed = parseJson<unknown>(text, null);
  const named = namedParts(parsed);
  if (named.length === 0) return parsed;
  const { [PARTS_KEY]: _, ...rest } = parsed as Record<string, unknown>;
  for (const [path, hash] of named) {
    const body = parts.get(hash);
    // A part is deleted only with the last revision naming it (retention, in one transaction).
    if (body === undefined) throw new Error(`revision part ${hash} is missing`);
    place(rest, path, body);
  }
  return rest;
}

/** Reads a stored snapshot back whole (one query for its parts). */
export async function loadSnapshot(
  db: Kysely<Database>,
  owner: SnapshotOwner,
  text: string | null,
): Promise<unknown> {
  const hashes = [...new Set(partHashesOf(text))];
  if (hashes.length === 0) return parseJson<unknown>(text, null);
  const rows = await db
    .selectFrom('revision_parts')
    .select(['hash', 'body'])
    .where('site_id', '=', owner.siteId)
    .where('resource', '=', owner.resource)
    .where('resource_id', '=', owner.resourceId)
    .where('hash', 'in', hashes)
    .execute();
  return assembleSnapshot(text, new Map(rows.map((row) => [row.hash, row.body])));
}

/**
 * Users and their personal access tokens. A token is `scs_` + 40 base62 characters; only its
 * SHA-256 (hex) is stored.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from './encoding';
import type { Database } from './schema';
import { writeTransaction } from './transactions';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const TOKEN_PREFIX = 'scs_';
export const TOKEN_PATTERN = /^scs_[0-9A-Za-z]{40}$/;

/** 40 uniformly random base62 characters (rejection sampling keeps the distribution flat). */
export function generateToken(): string {
  let out = '';
  while (out.length < 40) {
    for (const byte of randomBytes(64)) {
      if (byte < 248 && out.length < 40) out += BASE62.charAt(byte % 62);
    }
  }
  return TOKEN_PREFIX + out;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function findOrCreateUser(db: Kysely<Database>, email: string): Promise<number> {
  const normalized = email.trim().toLowerCase();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalized)
    .executeTakeFirst();
  if (existing) return existing.id;
  // Another instance may create the same user between the read and the insert: then its row
  // is the one, read again.
  const inserted = await db
    .insertInto('users')
    .values({
      email: normalized,
      name: normalized.split('@')[0] ?? normalized,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  return findOrCreateUser(db, normalized);
}

/** The user's e-mail address, or undefined for a user that is gone. */
export async function findUserEmail(
  db: Kysely<Database>,
  userId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.email;
}

/** Issues a new token for the user and returns it; it is never retrievable again. */
export async function issueToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = generateToken();
  await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: nowIso(),
      last_used_at: null,
    })
    .execute();
  return token;
}

export interface TokenOwner {
  tokenId: number;
  userId: number;
  lastUsedAt: string | null;
}

/**
 * The owner of a token, or undefined. The lookup is by the SHA-256 of the token, so its timing
 * says nothing about the secret; the hashes are compared once more in constant time.
 */
export async function findTokenOwner(
  db: Kysely<Database>,
  token: string,
): Promise<TokenOwner | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const hash = hashToken(token);
  const row = await db
    .selectFrom('access_tokens')
    .select(['id', 'user_id', 'token_hash', 'last_used_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = Buffer.from(row.token_hash, 'hex');
  const given = Buffer.from(hash, 'hex');
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  return { tokenId: row.id, userId: row.user_id, lastUsedAt: row.last_used_at };
}

/**
 * Records the token's use; in a write transaction, so that on SQLite it waits for another
 * process's write lock on a timer, not in the busy handler on the event loop.
 */
export async function touchToken(db: Kysely<Database>, tokenId: number, at: string): Promise<void> {
  await writeTransaction(db, (trx) =>
    trx.updateTable('access_tokens').set({ last_used_at: at }).where('id', '=', tokenId).execute(),
  );
}

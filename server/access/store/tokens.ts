/**
 * Users and their personal access tokens. A token is `scs_` + 40 base62 characters; only its
 * SHA-256 (hex) is stored.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CreatedToken, Token } from '../../../contract/schemas/token';
import { bumpAuthChanges } from './auth-changes';
import { nowIso } from '../../database/encoding';
import type { AccessTokensTable, Database } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';

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

/** A user as `GET /me` shows it, or undefined for a user that is gone. */
export async function findUser(
  db: Kysely<Database>,
  userId: number,
): Promise<{ id: number; email: string; name: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Characters of the secret kept to recognise a token (`scs_` and four more). */
export const SHOWN_PREFIX_CHARS = 8;

export interface TokenOptions {
  /** Shown in the tokens list; "CLI token" when absent. */
  name?: string;
  /** When it stops working; null or absent: never. */
  expiresAt?: string | null;
}

/** Issues a new token for the user and returns it; it is never retrievable again. */
export async function issueToken(
  db: Kysely<Database>,
  userId: number,
  options: TokenOptions = {},
): Promise<string> {
  return (await createToken(db, userId, options)).secret;
}

/** Issues a new token and answers it as the tokens list shows it, with its secret (once). */
export async function createToken(
  db: Kysely<Database>,
  userId: number,
  options: TokenOptions = {},
): Promise<CreatedToken> {
  const token = generateToken();
  const row = await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      created_at: nowIso(),
      last_used_at: null,
      name: options.name ?? 'CLI token',
      prefix: token.slice(0, SHOWN_PREFIX_CHARS),
      expires_at: options.expiresAt ?? null,
      revoked_at: null,
    })
    .returning(TOKEN_COLUMNS)
    .executeTakeFirstOrThrow();
  return { ...toToken(row), secret: token };
}

const TOKEN_COLUMNS = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'expires_at'] as const;

function toToken(row: Pick<Selectable<AccessTokensTable>, (typeof TOKEN_COLUMNS)[number]>): Token {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    expires_at: row.expires_at,
  };
}

/** The user's tokens that still work (not revoked, not expired), newest first. */
export async function listTokens(db: Kysely<Database>, userId: number): Promise<Token[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .select(TOKEN_COLUMNS)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', nowIso())]))
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toToken);
}

/**
 * Revokes one of the user's tokens; false when the user has no such token that works (another
 * user's id looks the same as a missing one). Every instance refuses it within
 * AUTH_CHANGE_POLL_MS (auth-changes.ts).
 */
export async function revokeToken(
  db: Kysely<Database>,
  tokenId: number,
  userId?: number,
): Promise<boolean> {
  return writeTransaction(db, async (trx) => {
    let update = trx
      .updateTable('access_tokens')
      .set({ revoked_at: nowIso() })
      .where('id', '=', tokenId)
      .where('revoked_at', 'is', null);
    if (userId !== undefined) update = update.where('user_id', '=', userId);
    const result = await update.executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await bumpAuthChanges(trx);
    return true;
  });
}

export interface TokenOwner {
  tokenId: number;
  userId: number;
  lastUsedAt: string | null;
  /** When it stops working; null: never. Callers cache the owner and check this on each use. */
  expiresAt: string | null;
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
    .select(['id', 'user_id', 'token_hash', 'last_used_at', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || isExpired(row.expires_at, Date.now())) return undefined;
  const stored = Buffer.from(row.token_hash, 'hex');
  const given = Buffer.from(hash, 'hex');
  if (stored.length !== given.length || !timingSafeEqual(stored, given)) return undefined;
  return {
    tokenId: row.id,
    userId: row.user_id,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

/** Whether a token expiring at `expiresAt` (null: never) no longer works at `now` (ms). */
export function isExpired(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now;
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

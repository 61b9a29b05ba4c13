/**
 * Authority checked where it is used (issue 42, decision 060): the first statement of every write
 * transaction a request makes reads the auth change counter (store/auth-changes.ts) and, when it
 * moved since the request's token and role were last known good, reads the token and the
 * membership again. A write whose token was revoked or expired, whose member was removed or whose
 * role no longer allows it meanwhile rolls back with `AuthorityLost` (401/403).
 *
 * Why the counter and not the rows: every revocation and every change of a membership grows the
 * counter in its own transaction, so "the counter is where it was" is one indexed read that says
 * "nothing about anyone's authority changed". On PostgreSQL the read takes a share lock on the
 * counter row, held to the write's commit: a revocation or role change under way makes the write
 * wait for it and see it, and one that starts later waits for the write, so no change commits
 * between the check and the write. Writes that change authority themselves (membership changes,
 * revocations) take the lock exclusively (`exclusive`) as their first statement, so two of them
 * never both hold it shared and wait for each other to grow it. On SQLite the write transaction
 * holds the file's write lock from its first statement: the read is exact.
 */
import { sql, type Kysely } from 'kysely';
import { roleAllows, roleSchema, type Role } from '../../contract/schemas/role';
import { engineOf } from './engine';
import type { Database } from './schema';

/** What a request's write must still have when it is applied. */
export interface WriteAuthority {
  tokenId: number;
  userId: number;
  /** The site the write is on; '' for a user's own writes (tokens), which need no membership. */
  siteId: string;
  /** The role the write needs; null: any member. */
  needs: Role | null;
  /** The auth change counter when the token and role were last read good; undefined: unknown. */
  version: number | undefined;
  /** When the token stops working; null: never. */
  expiresAt: string | null;
  /** A write that changes authority itself: locks the counter exclusively (see above). */
  exclusive?: boolean;
}

export type AuthorityLoss = 'token' | 'membership' | 'role';

/** The write's authority is gone: the transaction rolls back; a 401 (token) or 403. */
export class AuthorityLost extends Error {
  constructor(
    readonly loss: AuthorityLoss,
    /** The role the member has now, for a `role` loss. */
    readonly role: Role | null = null,
    /** The role the write needed, for a `role` loss. */
    readonly needs: Role | null = null,
  ) {
    super(
      loss === 'token'
        ? 'The token is not valid'
        : loss === 'membership'
          ? 'No access to this site'
          : `This needs the ${String(needs)} role; you are ${/^[aeiou]/.test(String(role)) ? 'an' : 'a'} ${String(role)}`,
    );
    this.name = 'AuthorityLost';
  }
}

/** As tokens.ts's isExpired (not imported: tokens.ts opens write transactions, which import this). */
function isExpired(expiresAt: string | null, now: number): boolean {
  return expiresAt !== null && Date.parse(expiresAt) <= now;
}

/** The counter, locked until the transaction ends on PostgreSQL (see above). */
async function lockedCounter(trx: Kysely<Database>, exclusive: boolean): Promise<number> {
  if (engineOf(trx) === 'postgres') {
    const lock = exclusive ? sql`for update` : sql`for share`;
    const result = await sql<{
      counter: number | string;
    }>`select counter from auth_changes where id = 1 ${lock}`.execute(trx);
    return Number(result.rows[0]?.counter ?? 0);
  }
  const row = await trx
    .selectFrom('auth_changes')
    .select('counter')
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ? row.counter : 0;
}

/**
 * The authority's state now, read in `trx`: undefined when it holds, else what was lost. One
 * query when nothing changed; three when the counter moved.
 */
export async function authorityLoss(
  trx: Kysely<Database>,
  authority: WriteAuthority,
): Promise<AuthorityLost | undefined> {
  const counter = await lockedCounter(trx, authority.exclusive === true);
  const now = Date.now();
  if (counter === authority.version && !isExpired(authority.expiresAt, now)) return undefined;
  const token = await trx
    .selectFrom('access_tokens')
    .select(['user_id', 'expires_at', 'revoked_at'])
    .where('id', '=', authority.tokenId)
    .executeTakeFirst();
  if (
    !token ||
    token.user_id !== authority.userId ||
    token.revoked_at !== null ||
    isExpired(token.expires_at, now)
  ) {
    return new AuthorityLost('token');
  }
  if (authority.siteId === '') return undefined;
  const membership = await trx
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', authority.userId)
    .where('site_id', '=', authority.siteId)
    .executeTakeFirst();
  const role = roleSchema.safeParse(membership?.role);
  if (!role.success) return new AuthorityLost('membership');
  if (authority.needs !== null && !roleAllows(role.data, authority.needs)) {
    return new AuthorityLost('role', role.data, authority.needs);
  }
  return undefined;
}

/** Throws AuthorityLost unless `authority` still holds (the first statement of a write). */
export async function requireAuthority(
  trx: Kysely<Database>,
  authority: WriteAuthority,
): Promise<void> {
  const lost = await authorityLoss(trx, authority);
  if (lost) throw lost;
}

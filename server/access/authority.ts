/**
 * A request's authority, as the auth hook (auth.ts) established it: which token, which member
 * of which site, with which role, and the auth change counter (decision 049) it was read under.
 * One lookup per request, cached per instance and forgotten when the counter moves (issue 43).
 *
 * For a write that must know its authority still holds when it commits (a token revoked or a
 * role lowered while its body arrived): inside the write's transaction, `authorityUnchanged`
 * reads the counter, one indexed row; when it has not moved since the lookup, token, membership
 * and role are what they were and nothing needs looking up again. When it moved (or this
 * instance keeps no cache: no version), look token and membership up again in the transaction.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthContext } from './auth';
import { readAuthChanges } from './store/auth-changes';
import type { Database } from '../database/schema';

export type Authority = Readonly<AuthContext>;

/** The authority of a request behind the auth hook (every route of the `/api` scope). */
export function authorityOf(request: FastifyRequest): Authority {
  return request.auth;
}

/**
 * Whether no token was revoked and no membership changed anywhere since `authority` was looked
 * up: read with `db` (pass the write's transaction to read it there).
 */
export async function authorityUnchanged(
  db: Kysely<Database>,
  authority: Authority,
): Promise<boolean> {
  if (authority.changeVersion === undefined) return false;
  return (await readAuthChanges(db)) === authority.changeVersion;
}

/**
 * Token and site resolution, as an `onRequest` hook.
 *
 * For route authors: every route registered inside the `/api` scope of `buildApp` runs behind
 * this hook, so a handler can rely on `request.auth = { userId, siteId }` (the site of the
 * `X-Service-Site` header, already checked for membership). A route that needs a user but no
 * site (`GET /api/sites`) declares `config: { auth: 'user' }`; its `request.auth.siteId` is ''.
 *
 * Order of checks: token (401, or 429 when its address is locked out) → site header (400, field
 * `X-Service-Site`) → membership (403). Ten failed authentications (401) from one address within
 * a minute make further failures from it 429 until that minute is over; a valid token still
 * passes. The address is `request.ip` (see `trustProxy` in app.ts). The counter is in memory
 * on SQLite (one instance) and in the database on PostgreSQL, shared by every instance
 * (auth-limiter.ts).
 *
 * Roles (issue 29): a write route declares `config: { write: 'app' }` (a key of ROLE_FOR_WRITE);
 * the hook refuses a member whose role is below the one it needs with 403 (detail on `role`,
 * code `role_required`, value the role needed) before the body is even read.
 *
 * The token and membership cache is per instance, for `cacheTtlMs` (5 s). Revoking a token and
 * changing or removing a membership grow the auth change counter in the same transaction
 * (store/auth-changes.ts); every instance reads the counter at most every AUTH_CHANGE_POLL_MS and
 * forgets its cache when it moved, so such a change is refused everywhere within about that
 * (decision 049). An expired token is refused at once: its expiry is cached with it.
 *
 * Authority at the moment of use (issue 42, decision 060): a request that may write (any method
 * but GET, HEAD and OPTIONS) is checked again in `preHandler`, after its body arrived: free when
 * the counter was read within AUTH_CHANGE_POLL_MS and has not moved since the request was
 * authenticated, else token and membership are read again. It then carries
 * `request.writeAuthority`, which its write transaction checks once more as its first statement
 * (store/write-authority.ts), so a demotion, removal, revocation or expiry between the headers
 * and the commit changes nothing (401/403).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ROLE_FOR_WRITE,
  roleAllows,
  roleSchema,
  type Role,
  type WritableResource,
} from '../../contract/schemas/role';
import { siteIdSchema } from '../../contract/schemas/site';
import type { FailedAuthLimiter } from './auth-limiter';
import { authorityKey, bearerToken, roleRequired, siteHeader } from './auth-request';
import {
  badRequest,
  forbidden,
  tooManyRequests,
  unauthorized,
  type HttpError,
} from '../http/errors';
import { readAuthChanges } from './store/auth-changes';
import type { Database } from '../database/schema';
import { findMembershipRole } from '../site/index';
import { isDatabaseBusy } from '../database/sqlite-write-lock';
import { findTokenOwner, isExpired, touchToken } from './store/tokens';
import type { WriteAuthority } from '../database/write-authority';
import { TtlCache } from '../http/ttl-cache';

export interface AuthContext {
  userId: number;
  /** The site of `X-Service-Site`; '' on routes with `config.auth: 'user'`. */
  siteId: string;
  /** The id of the token the request came with (revisions record it, `GET /me` names it). */
  tokenId: number;
  /** The member's role on `siteId`; null on routes with `config.auth: 'user'`. */
  role: Role | null;
  /**
   * The auth change counter (decision 049) as read at or before token and membership were
   * looked up, when token and role were last known good; undefined when this instance keeps no
   * cache and never reads it, so a write looks them up again. A write that re-checks its
   * authority inside its transaction compares it (authority.ts `authorityUnchanged`).
   */
  changeVersion: number | undefined;
  /** When the token stops working (null: never); absent where no token was read (tests). */
  expiresAt?: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route of the `/api` scope. */
    auth: AuthContext;
    /**
     * Set by the authority hook on every request that may write, after its body: what its
     * write transaction checks again (`writeTransaction(db, fn, request.writeAuthority)`).
     */
    writeAuthority: WriteAuthority | undefined;
  }
  interface FastifyContextConfig {
    /** `'user'`: a token is needed but no site header (e.g. `GET /api/sites`). */
    auth?: 'user';
    /** A write of this resource: the member needs `ROLE_FOR_WRITE[write]` (403 otherwise). */
    write?: WritableResource;
  }
}

export const SITE_HEADER = 'X-Service-Site';

/** `last_used_at` is written at most once a minute per token. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How often an instance reads the auth change counter (decision 049): a revoked token or a
 * changed role is refused by every instance within this and one query (the issue asks 1 s).
 */
export const AUTH_CHANGE_POLL_MS = 250;

export interface AuthOptions {
  db: Kysely<Database>;
  limiter: FailedAuthLimiter;
  /** How long lookups are remembered; 0 turns the cache off. */
  cacheTtlMs?: number;
  /**
   * How long a read of the auth change counter keeps the cache answering (AUTH_CHANGE_POLL_MS);
   * tests of the cached path set it long, so a busy machine's pace does not decide the path.
   */
  changePollMs?: number;
}

export interface Authenticator {
  /** The `onRequest` hook of the `/api` scope: sets `request.auth` or fails with 400/401/403/429. */
  readonly hook: onRequestHookHandler;
  /**
   * The `preHandler` hook of the `/api` scope: for a request that may write, checks its
   * authority again now that its body arrived, and sets `request.writeAuthority`.
   */
  readonly authorityHook: preHandlerHookHandler;
  /**
   * What the hook would set, when token and membership are both cached; undefined when only the
   * hook can tell (a miss, or a failure). For answers given below Fastify (the waiting tail's
   * fast path, decision 036): no promise, no query.
   */
  cached(headers: IncomingHttpHeaders, scope?: 'user'): AuthContext | undefined;
  /**
   * After this instance revoked a token or changed a membership: the next request reads the
   * auth change counter again, so this instance refuses at once what others refuse within
   * AUTH_CHANGE_POLL_MS.
   */
  changed(): void;
  /**
   * The auth change counter, read at most AUTH_CHANGE_POLL_MS ago (the read the hook makes, so
   * a caller polling it keeps the cache fresh and adds no query of its own).
   */
  counter(): Promise<number>;
}

interface CachedToken {
  tokenId: number;
  userId: number;
  expiresAt: string | null;
}

/** A request's whole answer, cached under its raw headers: one lookup per request (issue 43). */
interface CachedAuthority {
  auth: AuthContext;
  expiresAt: string | null;
}

/** The 403 when the route writes `write` and the member's role is below what it needs. */
function writeRefusal(
  auth: AuthContext,
  write: WritableResource | undefined,
): HttpError | undefined {
  if (write === undefined || auth.role === null) return undefined;
  const needed = ROLE_FOR_WRITE[write];
  return roleAllows(auth.role, needed) ? undefined : roleRequired(needed, auth.role);
}

/** Methods that never write: no second check, no write authority. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the write transaction of a request checks again (store/write-authority.ts). */
function writeAuthorityOf(auth: AuthContext, write: WritableResource | undefined): WriteAuthority {
  return {
    tokenId: auth.tokenId,
    userId: auth.userId,
    siteId: auth.siteId,
    needs: write === undefined ? null : ROLE_FOR_WRITE[write],
    version: auth.changeVersion,
    expiresAt: auth.expiresAt ?? null,
  };
}

export function createAuthHook(options: AuthOptions): onRequestHookHandler {
  return createAuthenticator(options).hook;
}

export function createAuthenticator(options: AuthOptions): Authenticator {
  const { db, limiter } = options;
  const ttl = options.cacheTtlMs ?? 5_000;
  const changePollMs = options.changePollMs ?? AUTH_CHANGE_POLL_MS;
  // Token and membership lookups, so a client polling logs several times a second costs no
  // extra queries; a removed token or membership is refused within `ttl`.
  let tokens = new TtlCache<CachedToken>(ttl);
  let roles = new TtlCache<Role>(ttl);
  // Token, membership and role of a pair of headers together, reset with the two above.
  let authorities = new TtlCache<CachedAuthority>(ttl);
  const touched = new Map<number, number>();
  // The auth change counter as last read, and when; a cache entry answers only while the
  // counter was read within AUTH_CHANGE_POLL_MS.
  let changes: number | undefined;
  let changesReadAt = 0;
  let reading: Promise<void> | undefined;
  // Grows with `changed()`: a read that began before it does not count as fresh.
  let localChanges = 0;

  function changesFresh(now: number): boolean {
    return now - changesReadAt < changePollMs;
  }

  /** Reads the counter when it is stale (one read at a time); a move empties the caches. */
  async function refreshChanges(): Promise<void> {
    if (ttl <= 0 || changesFresh(Date.now())) return;
    reading ??= (async () => {
      const started = Date.now();
      const local = localChanges;
      try {
        const counter = await readAuthChanges(db);
        if (counter !== changes) {
          tokens = new TtlCache<CachedToken>(ttl);
          roles = new TtlCache<Role>(ttl);
          authorities = new TtlCache<CachedAuthority>(ttl);
          changes = counter;
        }
        // The read's start: what was cached before it is at most as old as the read.
        if (local === localChanges) changesReadAt = started;
      } finally {
        reading = undefined;
      }
    })();
    await reading;
  }

  async function ownerOf(token: string): Promise<CachedToken | undefined> {
    await refreshChanges();
    const cached = ttl > 0 ? tokens.get(token) : undefined;
    if (cached && !isExpired(cached.expiresAt, Date.now())) return cached;
    const owner = await findTokenOwner(db, token);
    if (!owner) return undefined;
    const entry = { tokenId: owner.tokenId, userId: owner.userId, expiresAt: owner.expiresAt };
    if (ttl > 0) tokens.set(token, entry);
    const now = Date.now();
    const last =
      touched.get(owner.tokenId) ?? (owner.lastUsedAt ? Date.parse(owner.lastUsedAt) : 0);
    if (now - last >= TOUCH_INTERVAL_MS) {
      touched.set(owner.tokenId, now);
      try {
        await touchToken(db, owner.tokenId, new Date(now).toISOString());
      } catch (error) {
        // Bookkeeping must not refuse the request while another process writes: the next
        // request records the use.
        if (!isDatabaseBusy(error)) throw error;
        touched.delete(owner.tokenId);
      }
    }
    return entry;
  }

  async function roleOf(userId: number, siteId: string): Promise<Role | undefined> {
    const key = `${userId}\u0000${siteId}`;
    const cached = ttl > 0 ? roles.get(key) : undefined;
    if (cached) return cached;
    const parsed = roleSchema.safeParse(await findMembershipRole(db, userId, siteId));
    // A role this version does not know is no membership (the repositories write none).
    if (!parsed.success) return undefined;
    if (ttl > 0) roles.set(key, parsed.data);
    return parsed.data;
  }

  /**
   * The answer when token and membership are both cached, without a promise: a thousand waiting
   * tails ask ten thousand times a second (decision 034). One lookup under the raw headers
   * (issue 43); the answer is cached only after token, site id and membership passed the checks
   * of `authenticate`, so a hit needs no check again but the token's expiry.
   */
  function cachedAuth(headers: IncomingHttpHeaders, scope?: 'user'): AuthContext | undefined {
    const now = Date.now();
    if (ttl <= 0 || !changesFresh(now)) return undefined;
    const key = authorityKey(headers, scope);
    const hit = key === null ? undefined : authorities.get(key);
    if (!hit || isExpired(hit.expiresAt, now)) return undefined;
    return hit.auth;
  }

  /** What `authenticate` found, for the next request with the same headers. */
  function remember(request: FastifyRequest, scope: 'user' | undefined, owner: CachedToken): void {
    const key = ttl > 0 ? authorityKey(request.headers, scope) : null;
    if (key !== null) authorities.set(key, { auth: request.auth, expiresAt: owner.expiresAt });
  }

  /** Whether the request's authority is as good now as when it was read: no query. */
  function unchanged(auth: AuthContext): boolean {
    const now = Date.now();
    return (
      ttl > 0 &&
      changesFresh(now) &&
      auth.changeVersion !== undefined &&
      auth.changeVersion === changes &&
      !isExpired(auth.expiresAt ?? null, now)
    );
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers);
    const owner = token ? await ownerOf(token) : undefined;
    // Read after ownerOf's refresh and before the membership: a change after it moves the
    // counter past this, so a later check reads again (conservative, never stale).
    const changeVersion = ttl > 0 ? changes : undefined;
    if (owner === undefined) {
      // Only failures are limited: a valid token is never refused for what others did from
      // the same address (a shared proxy or NAT).
      const wait = await limiter.fail(request.ip);
      if (wait > 0) throw tooManyRequests(wait);
      throw unauthorized(
        token ? 'The token is not valid' : 'Authorization: Bearer <token> is required',
      );
    }

    const { userId, tokenId, expiresAt } = owner;
    const scope = request.routeOptions.config.auth;
    if (scope === 'user') {
      request.auth = Object.freeze({
        userId,
        tokenId,
        siteId: '',
        role: null,
        changeVersion,
        expiresAt,
      });
      remember(request, scope, owner);
      return;
    }

    const siteId = siteHeader(request.headers);
    if (!siteId) {
      throw badRequest(SITE_HEADER, `The ${SITE_HEADER} header is required`, {
        code: 'required',
      });
    }
    if (!siteIdSchema.safeParse(siteId).success) throw forbidden(`No access to site ${siteId}`);
    const role = await roleOf(userId, siteId);
    // An unknown site and "not a member" look the same, so site ids cannot be probed.
    if (!role) throw forbidden(`No access to site ${siteId}`);
    // Frozen: a cached answer is shared by every request with the same headers.
    request.auth = Object.freeze({
      userId,
      tokenId,
      siteId,
      role,
      changeVersion,
      expiresAt,
    });
    remember(request, scope, owner);
  }

  return {
    hook(request, _reply, done) {
      const { config } = request.routeOptions;
      const cached = cachedAuth(request.headers, config.auth);
      if (cached) {
        request.auth = cached;
        done(writeRefusal(cached, config.write));
        return;
      }
      authenticate(request).then(() => {
        done(writeRefusal(request.auth, config.write));
      }, done);
    },
    authorityHook(request, _reply, done) {
      if (READ_METHODS.has(request.method)) {
        done();
        return;
      }
      const { write } = request.routeOptions.config;
      const settle = () => {
        request.writeAuthority = writeAuthorityOf(request.auth, write);
        done(writeRefusal(request.auth, write));
      };
      if (unchanged(request.auth)) {
        settle();
        return;
      }
      // Something about someone's authority changed (or the counter is stale): read this
      // request's token and membership again, as the first hook would now.
      authenticate(request).then(settle, done);
    },
    cached: cachedAuth,
    async counter() {
      await refreshChanges();
      return changes ?? readAuthChanges(db);
    },
    changed() {
      localChanges += 1;
      changesReadAt = 0;
    },
  };
}

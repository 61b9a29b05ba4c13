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
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ROLE_FOR_WRITE,
  ROLE_REQUIRED_CODE,
  roleAllows,
  roleSchema,
  type Role,
  type WritableResource,
} from '../../contract/schemas/role';
import { siteIdSchema } from '../../contract/schemas/site';
import type { FailedAuthLimiter } from './auth-limiter';
import {
  badRequest,
  fieldError,
  forbidden,
  HttpError,
  tooManyRequests,
  unauthorized,
} from '../http/errors';
import { readAuthChanges } from './store/auth-changes';
import type { Database } from '../database/schema';
import { findMembershipRole } from '../site/store/sites';
import { isDatabaseBusy } from '../database/sqlite-write-lock';
import { findTokenOwner, isExpired, touchToken } from './store/tokens';
import { TtlCache } from '../http/ttl-cache';

export interface AuthContext {
  userId: number;
  /** The site of `X-Service-Site`; '' on routes with `config.auth: 'user'`. */
  siteId: string;
  /** The id of the token the request came with (revisions record it, `GET /me` names it). */
  tokenId: number;
  /** The member's role on `siteId`; null on routes with `config.auth: 'user'`. */
  role: Role | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route of the `/api` scope. */
    auth: AuthContext;
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

/** The 403 of a write beyond the member's role, naming the role it needs. */
export function roleRequired(needed: Role, role: Role): HttpError {
  const message = `This needs the ${needed} role; you are a${role === 'admin' ? 'n' : ''} ${role}`;
  return new HttpError(403, message, [
    fieldError({
      resource: 'member',
      field: 'role',
      message,
      code: ROLE_REQUIRED_CODE,
      value: needed,
    }),
  ]);
}

export interface AuthOptions {
  db: Kysely<Database>;
  limiter: FailedAuthLimiter;
  /** How long lookups are remembered; 0 turns the cache off. */
  cacheTtlMs?: number;
}

function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const header = headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

function siteHeader(headers: IncomingHttpHeaders): string | undefined {
  const value = headers['x-service-site'];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

export interface Authenticator {
  /** The `onRequest` hook of the `/api` scope: sets `request.auth` or fails with 400/401/403/429. */
  readonly hook: onRequestHookHandler;
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
}

interface CachedToken {
  tokenId: number;
  userId: number;
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

export function createAuthHook(options: AuthOptions): onRequestHookHandler {
  return createAuthenticator(options).hook;
}

export function createAuthenticator(options: AuthOptions): Authenticator {
  const { db, limiter } = options;
  const ttl = options.cacheTtlMs ?? 5_000;
  // Token and membership lookups, so a client polling logs several times a second costs no
  // extra queries; a removed token or membership is refused within `ttl`.
  let tokens = new TtlCache<CachedToken>(ttl);
  let roles = new TtlCache<Role>(ttl);
  const touched = new Map<number, number>();
  // The auth change counter as last read, and when; a cache entry answers only while the
  // counter was read within AUTH_CHANGE_POLL_MS.
  let changes: number | undefined;
  let changesReadAt = 0;
  let reading: Promise<void> | undefined;
  // Grows with `changed()`: a read that began before it does not count as fresh.
  let localChanges = 0;

  function changesFresh(now: number): boolean {
    return now - changesReadAt < AUTH_CHANGE_POLL_MS;
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
   * tails ask ten thousand times a second (decision 034). A membership is cached only after its
   * site id passed the checks below, so a hit needs no check again.
   */
  function cachedAuth(headers: IncomingHttpHeaders, scope?: 'user'): AuthContext | undefined {
    const now = Date.now();
    if (ttl <= 0 || !changesFresh(now)) return undefined;
    const token = bearerToken(headers);
    const owner = token === undefined ? undefined : tokens.get(token);
    if (!owner || isExpired(owner.expiresAt, now)) return undefined;
    const { userId, tokenId } = owner;
    if (scope === 'user') return { userId, tokenId, siteId: '', role: null };
    const siteId = siteHeader(headers);
    const role = siteId === undefined ? undefined : roles.get(`${userId}\u0000${siteId}`);
    if (siteId === undefined || !role) return undefined;
    return { userId, tokenId, siteId, role };
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers);
    const owner = token ? await ownerOf(token) : undefined;
    if (owner === undefined) {
      // Only failures are limited: a valid token is never refused for what others did from
      // the same address (a shared proxy or NAT).
      const wait = await limiter.fail(request.ip);
      if (wait > 0) throw tooManyRequests(wait);
      throw unauthorized(
        token ? 'The token is not valid' : 'Authorization: Bearer <token> is required',
      );
    }

    const { userId, tokenId } = owner;
    if (request.routeOptions.config.auth === 'user') {
      request.auth = { userId, tokenId, siteId: '', role: null };
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
    request.auth = { userId, tokenId, siteId, role };
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
    cached: cachedAuth,
    changed() {
      localChanges += 1;
      changesReadAt = 0;
    },
  };
}

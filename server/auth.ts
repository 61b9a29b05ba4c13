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
 * (auth-limiter.ts). The token and membership cache is per instance: a removed token or
 * membership is refused by every instance within `cacheTtlMs` (5 s).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { siteIdSchema } from '../src/api/schemas/site';
import type { FailedAuthLimiter } from './auth-limiter';
import { badRequest, forbidden, tooManyRequests, unauthorized } from './errors';
import type { Database } from './store/schema';
import { findMembershipRole } from './store/sites';
import { isDatabaseBusy } from './store/sqlite-write-lock';
import { findTokenOwner, touchToken } from './store/tokens';
import { TtlCache } from './ttl-cache';

export interface AuthContext {
  userId: number;
  /** The site of `X-Service-Site`; '' on routes with `config.auth: 'user'`. */
  siteId: string;
  /** The id of the token the request came with (revisions record it; never the secret). */
  tokenId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth hook on every route of the `/api` scope. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** `'user'`: a token is needed but no site header (e.g. `GET /api/sites`). */
    auth?: 'user';
  }
}

export const SITE_HEADER = 'X-Service-Site';

/** `last_used_at` is written at most once a minute per token. */
const TOUCH_INTERVAL_MS = 60_000;

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
}

export function createAuthHook(options: AuthOptions): onRequestHookHandler {
  return createAuthenticator(options).hook;
}

export function createAuthenticator(options: AuthOptions): Authenticator {
  const { db, limiter } = options;
  const ttl = options.cacheTtlMs ?? 5_000;
  // Token and membership lookups, so a client polling logs several times a second costs no
  // extra queries; a removed token or membership is refused within `ttl`.
  const tokens = new TtlCache<{ tokenId: number; userId: number }>(ttl);
  const roles = new TtlCache<string>(ttl);
  const touched = new Map<number, number>();

  async function userOf(token: string): Promise<{ tokenId: number; userId: number } | undefined> {
    const cached = ttl > 0 ? tokens.get(token) : undefined;
    if (cached) return cached;
    const owner = await findTokenOwner(db, token);
    if (!owner) return undefined;
    if (ttl > 0) tokens.set(token, { tokenId: owner.tokenId, userId: owner.userId });
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
    return { tokenId: owner.tokenId, userId: owner.userId };
  }

  async function roleOf(userId: number, siteId: string): Promise<string | undefined> {
    const key = `${userId}\u0000${siteId}`;
    const cached = ttl > 0 ? roles.get(key) : undefined;
    if (cached) return cached;
    const role = await findMembershipRole(db, userId, siteId);
    if (role && ttl > 0) roles.set(key, role);
    return role;
  }

  /**
   * The answer when token and membership are both cached, without a promise: a thousand waiting
   * tails ask ten thousand times a second (decision 034). A membership is cached only after its
   * site id passed the checks below, so a hit needs no check again.
   */
  function cachedAuth(headers: IncomingHttpHeaders, scope?: 'user'): AuthContext | undefined {
    if (ttl <= 0) return undefined;
    const token = bearerToken(headers);
    const owner = token === undefined ? undefined : tokens.get(token);
    if (!owner) return undefined;
    if (scope === 'user') return { userId: owner.userId, siteId: '', tokenId: owner.tokenId };
    const siteId = siteHeader(headers);
    if (siteId === undefined || !roles.get(`${owner.userId}\u0000${siteId}`)) return undefined;
    return { userId: owner.userId, siteId, tokenId: owner.tokenId };
  }

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request.headers);
    const owner = token ? await userOf(token) : undefined;
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
      request.auth = { userId, siteId: '', tokenId };
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
    request.auth = { userId, siteId, tokenId };
  }

  return {
    hook(request, _reply, done) {
      const cached = cachedAuth(request.headers, request.routeOptions.config.auth);
      if (cached) {
        request.auth = cached;
        done();
        return;
      }
      authenticate(request).then(() => {
        done();
      }, done);
    },
    cached: cachedAuth,
  };
}

/**
 * `buildApp(deps)`: the Fastify instance of the service, with no side effects (no listening, no
 * timers, no migrations); `main.ts` owns the process and tests build one per test file.
 *
 * For route authors: every plugin registered in `registerApiRoutes` runs under `/api`, behind
 * the auth hook (`request.auth`, see auth.ts), with the zod validator of errors.ts and the one
 * error handler. The database is `app.db` (also `request.server.db`). Declare
 * `config: { resource: 'app' }` on a route to name the resource in its validation errors, and
 * declare `schema.response` (including error statuses with `errorBodySchema`) so the OpenAPI
 * document lists it.
 */
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { FastifyServerOptions } from 'fastify';
import { AUTH_CHANGE_POLL_MS, type AuthOptions, createAuthenticator } from '../access/auth';
import { AuthorityWatch } from '../access/authority-watch';
import { handleClientError } from '../http/client-errors';
import { DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../http/connection-limits';
import { serverWithFastPath } from '../http/server-factory';
import { defaultAuthLimiter, type FailedAuthLimiter } from '../access/auth-limiter';
import { registerDashboard } from './dashboard';
import { registerErrorHandling, sendError, validatorCompiler } from '../http/errors';
import { registerJsonBodyParser } from '../http/json-body';
import type { LogNotifier } from '../logs/waits/log-notifier';
import type { WaitLimits } from '../logs/waits/wait-slots';
import { decorateLogWing, type LogReadLimits } from '../logs/routes/log-wing';
import { appLogRoutes } from '../logs/routes/app-logs';
import { appLogFacetRoutes } from '../logs/routes/app-logs-facets';
import { appLogFindRoutes } from '../logs/routes/app-logs-find';
import { WaitFastPath } from '../logs/routes/app-logs-wait-fast-path';
import { appRoutes } from '../apps/routes/apps';
import { auditRoutes } from '../audit/routes/audit';
import { consentRoutes } from '../consent/routes/consent';
import { consentRecordRoutes } from '../consent/records/record-routes';
import {
  publicConsentRecordRoutes,
  type PublicRecordLimits,
} from '../consent/records/public-records';
import { ConsentRecordWriter } from '../consent/records/record-writer';
import { siteSettingsRoutes } from '../site/routes/site-settings';
import { healthRoutes } from './health';
import { notificationRoutes } from '../notifications/routes/notifications';
import { siteRoutes } from '../site/routes/sites';
import { logViewRoutes } from '../logs/routes/log-views';
import { alertRoutes, alertSimulateRoutes } from '../alerts/routes';
import { memberRoutes } from '../access/routes/members';
import { tokenRoutes } from '../access/routes/tokens';
import { openApiRoutes } from './openapi';
import { MAX_RENDERED_BYTES, testSendRoutes } from '../notifications/routes/test-send';
import { layoutRoutes } from '../notifications/routes/layouts';
import { snippetRoutes } from '../notifications/routes/snippets';
import {
  layoutRevisionRoutes,
  snippetRevisionRoutes,
} from '../notifications/routes/asset-revisions';
import { testInboxRoutes } from '../notifications/routes/test-inbox';
import { notificationChecksRoutes } from '../notifications/routes/notification-checks';
import type { SpamdOptions } from '../notifications/mail/spamd-client';
import type { Mailer } from '../notifications/mail/mailer';
import type { FixedWindowLimiter } from '../http/fixed-window-limiter';
import { TemplateRenderer } from '../notifications/mail/template-renderer';
import { LIQUID_RENDER_OPTIONS } from '../../contract/liquid-render';
import { COMMON_SECURITY_HEADERS, DASHBOARD_CSP } from '../http/security-headers';
import type { Database } from '../database/schema';
import { DEFAULT_WORK_GATE_LIMITS, WorkGate, type WorkGateLimits } from '../http/work-gate';
import { registerWorkGate } from '../http/work-gate-hook';
import type { LogQuotaLimits } from '../logs/waits/log-quota';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** Waiting tails answered below Fastify (decision 036); null when turned off. */
    waitFastPath: WaitFastPath | null;
    /** Call after revoking a token or changing a membership (auth.ts `changed`). */
    authChanged: () => void;
    /** Ends waiting tails whose token or membership is lost (authority-watch.ts). */
    watchAuthority: AuthorityWatch;
  }
}

export interface AppDeps {
  db: Kysely<Database>;
  /** Origins allowed to call the API from a browser; empty: same origin only. */
  corsOrigins?: readonly string[];
  /** Folder of the built dashboard; null serves no dashboard (API only). */
  staticDir?: string | null;
  /** Fastify's logger options (`false` when absent). */
  logger?: FastifyServerOptions['logger'];
  /** Failed-auth counter; tests pass their own. */
  authLimiter?: FailedAuthLimiter;
  /** The token/membership lookup cache (auth.ts): its ttl (0: off), its counter's poll (tests). */
  authCache?: Pick<AuthOptions, 'cacheTtlMs' | 'changePollMs'>;
  /**
   * The watch that ends waiting tails whose authority is lost (authority-watch.ts): how often it
   * polls (AUTH_CHANGE_POLL_MS) and the clock it compares expiries with. Tests that drive it with
   * `pollNow` set a poll that never fires and move the clock.
   */
  authorityWatch?: { pollMs?: number; clock?: () => number };
  /**
   * Fastify's `trustProxy`: which X-Forwarded-For hops name the client (`request.ip`, the key of
   * the failed-auth limiter). Absent or false: the socket's peer, and the header is ignored.
   */
  trustProxy?: boolean | string[];
  /** Who hears of log commits; an in-process one when absent (main.ts shares it with the demo). */
  logNotifier?: LogNotifier;
  /** Where test sends go out (`SMTP_URL`); absent or null: into the site's test inbox. */
  mailer?: Mailer | null;
  /** Where spamd listens (`SPAMD_ADDRESS`), for the inbox's spam scores; absent or null: none. */
  spamd?: SpamdOptions | null;
  /** The From of test sends. */
  mailFrom?: string;
  /** Test sends per user and minute; tests pass their own. */
  testSendLimiter?: FixedWindowLimiter;
  /** Where test sends render; one of the app's own when absent (tests pass one to watch its queue). */
  testSendRenderer?: TemplateRenderer;
  /** Where the checks render (issue 39); one of their own when absent (tests pass a short budget). */
  checksRenderer?: TemplateRenderer;
  /**
   * Answer waiting tails below Fastify when their answer is known to be the route's (decision
   * 036); default true. Tests turn it off to compare both ways.
   */
  waitFastPath?: boolean;
  /**
   * Requests of one token and of one site at work at once, and their longest wait for a turn
   * (work-gate.ts; DATABASE_WORK_PER_TOKEN, DATABASE_WORK_PER_SITE, DATABASE_WORK_WAIT_MS).
   */
  workLimits?: Partial<WorkGateLimits>;
  /**
   * The per-app ingestion quota (`LOG_QUOTA_PER_MINUTE`, `LOG_QUOTA_BYTES`; main.ts passes the
   * configuration's); absent: no quota.
   */
  logQuota?: LogQuotaLimits;
  /** Timeouts and connection caps; DEFAULT_CONNECTION_LIMITS for what is absent. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Caps on waiting tails; DEFAULT_WAIT_LIMITS when absent. */
  waitLimits?: WaitLimits;
  /** Bounds of a log page's reading and answer (decision 076); the defaults when absent. */
  logReadLimits?: Partial<LogReadLimits>;
  /**
   * How long an app key's id answers from memory (server/logs/routes/app-ids.ts, 5 s when
   * absent): tests of the waiting tails' fast path, which answers only from it, set a longer one.
   */
  appIdCacheTtlMs?: number;
  /** The clock alerts count windows by, epoch ms (tests move it); absent: `Date.now`. */
  alertClock?: () => number;
  /** Each alert counting statement's time budget; absent: the log volume's. */
  alertTimeBudgetMs?: number;
  /**
   * The public consent endpoint's limits per address, per site and at work
   * (DEFAULT_PUBLIC_RECORD_LIMITS for what is absent; benchmarks raise them).
   */
  consentRecordLimits?: Partial<PublicRecordLimits>;
}

/** The From of test sends when SMTP_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Site Console <site-console@localhost>';

/** Largest accepted request body. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Whether Fastify's logger writes its request lines (at info): pino's, or none at all. */
function logsRequests(log: FastifyBaseLogger): boolean {
  const pino = log as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  return pino.isLevelEnabled?.('info') ?? false;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  let waitFastPath: WaitFastPath | null = null;
  const app = Fastify({
    logger: deps.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: deps.trustProxy ?? false,
    // `/api/apps/` and `/api/apps` are the same route.
    routerOptions: { ignoreTrailingSlash: true },
    serverFactory: serverWithFastPath(() => waitFastPath, {
      ...DEFAULT_CONNECTION_LIMITS,
      // Behind a reverse proxy every client has the proxy's address.
      ...(deps.trustProxy ? { maxConnectionsPerAddress: 0 } : {}),
      ...deps.connectionLimits,
    }),
    // Header overflow, timeouts and bad HTTP answer the spec's Error body too.
    clientErrorHandler: handleClientError,
    // A path find-my-way refuses (bad percent-encoding, a parameter over 100 characters): the
    // Error body, not Fastify's own.
    frameworkErrors: (error, request, reply) => {
      void sendError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', deps.db);
  decorateLogWing(app, deps.db, deps);
  const authenticator = createAuthenticator({
    db: deps.db,
    limiter: deps.authLimiter ?? defaultAuthLimiter(deps.db),
    ...deps.authCache,
  });
  app.decorate('authChanged', () => {
    authenticator.changed();
    authorityWatch.changed();
  });
  const authorityWatch = new AuthorityWatch(
    deps.db,
    () => authenticator.counter(),
    deps.authorityWatch?.pollMs ?? AUTH_CHANGE_POLL_MS,
    (error) => {
      app.log.warn({ err: error }, 'authority check of waiting tails failed');
    },
    deps.authorityWatch?.clock,
  );
  app.decorate('watchAuthority', authorityWatch);
  // Waiting requests answer before the server stops accepting and waits for them.
  app.addHook('preClose', (done) => {
    authorityWatch.stop();
    app.logTails.close();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API (OpenAPI) and the API tests check bodies against them;
  // at run time bodies are plain JSON.stringify (these routes are low-volume, and the zod
  // serializer costs ~40% of throughput). A route may set its own serializerCompiler.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);

  // Bodies are JSON only (a text/plain body is a 415, not a string), nested at most
  // MAX_JSON_DEPTH levels.
  registerJsonBodyParser(app);

  // A callback hook, not an async one: it runs on every answer (ten thousand a second with a
  // thousand waiting tails), and a promise per answer is measurable (decision 034).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.headers(COMMON_SECURITY_HEADERS);
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', DASHBOARD_CSP);
    }
    // API answers are per token and site: never kept by browsers or proxies.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });

  const corsOrigins = deps.corsOrigins ?? [];
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'X-Service-Site', 'Content-Type', 'If-Match', 'Accept'],
      exposedHeaders: ['ETag', 'Retry-After'],
      maxAge: 600,
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Site Configuration Service',
        version: '1.0.0',
        description:
          'Apps and their logs, consent settings and notification templates of a site. Every ' +
          'route but /api/health and /api/openapi.json needs `Authorization: Bearer <token>`; ' +
          'site-scoped routes also need `X-Service-Site`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          site: { type: 'apiKey', in: 'header', name: 'X-Service-Site' },
        },
      },
      security: [{ bearer: [], site: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(openApiRoutes);
      // A trust zone of its own: a key, origins, limits and a gate, no token (decision 064).
      const consentRecords = new ConsentRecordWriter(deps.db);
      api.addHook('onClose', () => consentRecords.idle());
      await api.register(publicConsentRecordRoutes, {
        writer: consentRecords,
        limits: deps.consentRecordLimits,
      });
      await api.register(async (secured) => {
        secured.decorateRequest('auth', null as never);
        secured.decorateRequest('writeAuthority', undefined);
        secured.addHook('onRequest', authenticator.hook);
        // One member's requests cannot take every database connection (decision 041).
        registerWorkGate(
          secured,
          new WorkGate({ ...DEFAULT_WORK_GATE_LIMITS, ...deps.workLimits }),
        );
        // Authority checked again once the body arrived and the turn came (decision 060): a
        // write's transaction checks `request.writeAuthority` a last time.
        secured.addHook('preHandler', authenticator.authorityHook);
        await registerApiRoutes(secured);
        // One render worker for test sends and impact previews (the one renderer, issue 38).
        const renderer =
          deps.testSendRenderer ??
          new TemplateRenderer({
            liquid: LIQUID_RENDER_OPTIONS,
            maxOutputBytes: MAX_RENDERED_BYTES,
          });
        if (!deps.testSendRenderer) secured.addHook('onClose', () => renderer.close());
        await secured.register(layoutRoutes, { renderer });
        await secured.register(snippetRoutes, { renderer });
        await secured.register(layoutRevisionRoutes);
        await secured.register(snippetRevisionRoutes);
        await secured.register(testSendRoutes, {
          mailer: deps.mailer ?? null,
          spamd: deps.spamd ?? null,
          from: deps.mailFrom ?? DEFAULT_MAIL_FROM,
          limiter: deps.testSendLimiter,
          renderer,
        });
        await secured.register(testInboxRoutes, { smtpConfigured: Boolean(deps.mailer) });
        await secured.register(alertSimulateRoutes, {
          ...(deps.alertClock ? { now: deps.alertClock } : {}),
          ...(deps.alertTimeBudgetMs === undefined ? {} : { timeBudgetMs: deps.alertTimeBudgetMs }),
        });
        await secured.register(notificationChecksRoutes, {
          spamd: deps.spamd ?? null,
          from: deps.mailFrom ?? DEFAULT_MAIL_FROM,
          ...(deps.checksRenderer ? { renderer: deps.checksRenderer } : {}),
        });
      });
    },
    { prefix: '/api' },
  );

  await registerDashboard(app, deps.staticDir === undefined ? 'dist' : deps.staticDir);

  // Request logs at info would miss the requests answered below Fastify, and @fastify/cors adds
  // headers to every answer.
  if (deps.waitFastPath !== false && !logsRequests(app.log) && corsOrigins.length === 0) {
    waitFastPath = new WaitFastPath({
      waits: app.logTails,
      slots: app.waitSlots,
      appIds: app.appIds,
      cachedAuth: (headers) => authenticator.cached(headers),
      watchAuthority: app.watchAuthority,
      logError: (error, message) => {
        app.log.error({ err: error }, message);
      },
    });
  }
  app.decorate('waitFastPath', waitFastPath);
  return app;
}

/** The authenticated routes under `/api`. */
async function registerApiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(siteRoutes);
  await api.register(memberRoutes);
  await api.register(tokenRoutes);
  await api.register(appRoutes);
  await api.register(appLogRoutes);
  await api.register(appLogFacetRoutes);
  await api.register(logViewRoutes);
  await api.register(appLogFindRoutes);
  await api.register(alertRoutes);
  await api.register(consentRoutes);
  await api.register(consentRecordRoutes);
  await api.register(siteSettingsRoutes);
  await api.register(notificationRoutes);
  await api.register(auditRoutes);
}

/**
 * App logs: `GET /apps/:app_id/logs` (the spec's query, rules in app-logs-query.ts) and
 * `POST /apps/:app_id/logs` (ingestion for the runtimes: 1..1000 entries, all or nothing).
 *
 * The GET body is JSON text built by the store from the stored JSON (no parse + stringify per
 * entry); the 200 schema below documents it in OpenAPI and the API tests check bodies against
 * it. Serializing through the zod schema was measured (bench/api.ts) and not chosen.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textSchema } from '../../../contract/schemas/common';
import {
  LOG_LEVELS,
  LOG_LIMIT_DEFAULT,
  LOG_LIMIT_MAX,
  LOG_WAIT_MAX_SECONDS,
  appLogEntrySchema,
  type AppLogEntry,
  logIngestBodySchema,
  LOG_FIELD_SCAN_ROWS,
  LOG_PAGE_BYTES_MAX,
  LOG_PAGE_CUT_HEADER,
  LOG_SCANNED_UNTIL_HEADER,
} from '../../../contract/schemas/app-log';
import {
  LOG_VOLUME_BUCKETS_DEFAULT,
  LOG_VOLUME_BUCKETS_MAX,
  logVolumeSchema,
} from '../../../contract/schemas/app-log-volume';
import { parseLogQuery, parseVolumeQuery, parseWaitMs } from './log-query-params';
import { fieldConditionQuerySchema } from './log-field-query-schema';
import { countLogVolume, ROLLED_UP_VOLUME_TIME_BUDGET_MS } from '../store/app-logs-volume';
import { ingestLogs } from '../log-writes';
import { LogPageCache } from '../store/app-logs-cache';
import { boundHeaders, LOG_PAGE_CONTENT_TYPE, pageBodyOf, waitForPage } from './app-logs-wait';
import { AUTH_ERRORS, DATABASE_BUSY_RESPONSE, errorResponses } from '../../http/common';
import { ingestValidatorCompiler } from './log-ingest-body';
import { errorBodySchema } from '../../../contract/schemas/error';
import { WALK_TIME_BUDGET_MS } from '../store/app-logs-walk';
import { LOG_JOB_MATCHES } from '../../../contract/schemas/app-log-find';

/** The 503 of a page or volume without `q` past its time budget (app-logs-walk.ts, decision 040). */
const LOG_QUERY_TOO_SLOW_RESPONSE = {
  503: errorBodySchema.meta({
    description:
      `A query without \`q\` ran past its time budget (a page ${String(WALK_TIME_BUDGET_MS)} ms, ` +
      `the volume ${String(ROLLED_UP_VOLUME_TIME_BUDGET_MS)} ms) ` +
      '(`too_slow`); try again after Retry-After seconds.',
    headers: {
      'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait' },
    },
  }),
};

const appParams = z.object({
  app_id: textSchema().min(1).max(200).describe('The application key'),
});

const timeBound = 'Float epoch seconds (e.g. 1763702357.5) or an ISO 8601 date-time';

/**
 * Strings as they arrive; parseLogQuery reads them (a repeated parameter is a 400, but for the
 * field conditions).
 */
const logQuerySchema = z.object({
  ...fieldConditionQuerySchema.shape,
  since: z.string().optional().describe(`Inclusive lower bound on time. ${timeBound}`),
  before: z.string().optional().describe(`Exclusive upper bound on time. ${timeBound}`),
  level: z
    .string()
    .optional()
    .describe(`Minimum severity, any case: ${LOG_LEVELS.join(' < ')}`),
  q: z
    .string()
    .optional()
    .describe(
      'Case-insensitive text search over data and context: every word must occur, "quoted ' +
        'phrases" as phrases, level:NAME keeps that exact level. Without since, only the 24 ' +
        'hours before `before` (or now) are searched.',
    ),
  job: z
    .string()
    .optional()
    .describe('Only entries whose context.job.name equals this (or matches it, see job_match)'),
  job_match: z
    .string()
    .optional()
    .describe(
      `Our extension: how \`job\` matches, one of ${LOG_JOB_MATCHES.join(', ')} (default exact). ` +
        'prefix and contains ignore case and may stand for any number of job names; needs job.',
    ),
  limit: z
    .string()
    .optional()
    .describe(
      `Maximum entries, default ${LOG_LIMIT_DEFAULT}, clamped to 1..${LOG_LIMIT_MAX}; not a number: 400`,
    ),
  wait: z
    .string()
    .optional()
    .describe(
      `Our extension, with since and without before: seconds (0..${LOG_WAIT_MAX_SECONDS}) to wait ` +
        'for an entry newer than since; the answer comes as soon as one is committed, or after ' +
        'the wait with what there is. Entries at since itself do not end the wait.',
    ),
});

/** The log query's filters over a range, and how many buckets to cut it into. */
const volumeQuerySchema = logQuerySchema
  .pick({
    since: true,
    before: true,
    level: true,
    q: true,
    job: true,
    job_match: true,
    where: true,
    where_not: true,
  })
  .extend({
    since: z
      .string()
      .optional()
      .describe(`Inclusive start of the range, default 24 hours before \`before\`. ${timeBound}`),
    before: z.string().optional().describe(`Exclusive end of the range, default now. ${timeBound}`),
    buckets: z
      .string()
      .optional()
      .describe(
        `Equal time buckets, default ${LOG_VOLUME_BUCKETS_DEFAULT}, clamped to 1..${LOG_VOLUME_BUCKETS_MAX}; not a number: 400`,
      ),
  });

export const appLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const pages = new LogPageCache();
  const waits = app.logTails;
  const appIds = app.appIds;

  app.get(
    '/apps/:app_id/logs',
    {
      config: { resource: 'log' },
      schema: {
        summary: 'List app logs',
        description:
          'With `since`: ascending by time (clients drop boundary duplicates by id); without ' +
          'it: newest first. Our extensions (decision 076): with `where`/`where_not` and no `q` ' +
          `a page reads the newest ${String(LOG_FIELD_SCAN_ROWS)} entries of its range; one that ` +
          `did not fill names in \`${LOG_SCANNED_UNTIL_HEADER}\` the \`before\` (with \`since\`: ` +
          `the \`since\`) to go on from. A page is at most ${String(LOG_PAGE_BYTES_MAX)} bytes of ` +
          `JSON; one cut shorter says \`${LOG_PAGE_CUT_HEADER}: bytes\`.`,
        tags: ['apps', 'logs'],
        params: appParams,
        querystring: logQuerySchema,
        response: {
          200: z.array(appLogEntrySchema),
          ...errorResponses([...AUTH_ERRORS, 404]),
          ...LOG_QUERY_TOO_SLOW_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const parsed = parseLogQuery(request.query);
      const waitMs = parseWaitMs(request.query, parsed);
      const appId = await appIds.idOf(request.auth.siteId, request.params.app_id);
      const page =
        waitMs > 0 && parsed.sinceUs !== undefined
          ? await waitForPage(
              waits,
              appId,
              { ...parsed, sinceUs: parsed.sinceUs },
              waitMs,
              reply.raw,
              app.waitSlots.acquire(request.auth),
              { auth: request.auth, watch: app.watchAuthority },
            )
          : await pages.query(db, appId, parsed, app.logReadLimits);
      // The server is closing and waits for this connection: keep-alive would hold it open.
      if (waits.isClosed()) void reply.header('Connection', 'close');
      void reply.headers(boundHeaders(page));
      // Text or bytes with a JSON content type go out as they are (Fastify does not serialize
      // them); the type provider only knows the parsed shape, hence the cast.
      return reply
        .header('Cache-Control', 'no-store')
        .type(LOG_PAGE_CONTENT_TYPE)
        .send(pageBodyOf(page) as unknown as AppLogEntry[]);
    },
  );

  app.get(
    '/apps/:app_id/logs/volume',
    {
      config: { resource: 'log' },
      schema: {
        summary: 'Count app logs per time bucket',
        description:
          'Our extension: entries per level in equal time buckets of [since, before), for the ' +
          'filters of the log query (the same rules). With `q` the count has the time budget ' +
          'of a search: past it, a 400 `too_slow`.',
        tags: ['apps', 'logs'],
        params: appParams,
        querystring: volumeQuerySchema,
        response: {
          200: logVolumeSchema,
          ...errorResponses([...AUTH_ERRORS, 404]),
          ...LOG_QUERY_TOO_SLOW_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const parsed = parseVolumeQuery(request.query);
      const appId = await appIds.idOf(request.auth.siteId, request.params.app_id);
      const volume = await countLogVolume(db, appId, parsed, {
        fieldScanRows: app.logReadLimits.fieldScanRows,
      });
      return reply.header('Cache-Control', 'no-store').send(volume);
    },
  );

  /**
   * A flood past the quota per minute is refused before its body is read (up to 1 MiB of JSON
   * to parse and check per request): when the app's minute is already full, any batch is over.
   * An unknown app or anything else wrong is left to the route, which answers it in its order.
   */
  const refuseWhenMinuteIsFull = async (siteId: string, key: string): Promise<void> => {
    const quota = app.logQuota;
    if (quota === null) return;
    const appId = await appIds.idOf(siteId, key).catch(() => null);
    if (appId !== null) await quota.admitCount(db, appId, 1);
  };

  app.post(
    '/apps/:app_id/logs',
    {
      // A write (issue 42): an editor's or an admin's; a viewer gets 403 before the body is read.
      config: { resource: 'log', write: 'log' },
      // Plain checks first; zod only for a body they do not accept (log-ingest-body.ts). Fastify
      // types a route's compiler with the whole schema object but calls it with one part's
      // schema (`schema.body`, …), as the service's own compiler; hence the cast.
      validatorCompiler: ingestValidatorCompiler as never,
      preParsing: async (request, _reply, payload) => {
        await refuseWhenMinuteIsFull(request.auth.siteId, request.params.app_id);
        return payload;
      },
      schema: {
        summary: 'Ingest app logs',
        description:
          '1 to 1000 entries, stored in one transaction: one bad entry rejects the batch (422 ' +
          'naming logs.N.field). The service assigns id and time (commit time, strictly ' +
          'increasing per app in batch order); created_at defaults to time. Needs the editor ' +
          'role (a viewer gets 403).',
        tags: ['apps', 'logs'],
        params: appParams,
        body: logIngestBodySchema,
        response: {
          201: z.array(appLogEntrySchema),
          ...errorResponses([...AUTH_ERRORS, 404, 413, 415, 422, 429]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const appId = await appIds.idOf(request.auth.siteId, request.params.app_id);
      const quota = app.logQuota;
      const page = await ingestLogs(
        db,
        app.logNotifier,
        appId,
        request.body.logs,
        quota
          ? {
              admitCount: (count) => quota.admitCount(db, appId, count),
              admitRows: (rows) => quota.admitRows(db, appId, rows),
              stored: (rows) => quota.recordStored(appId, rows),
            }
          : {},
      );
      // The stored entries as JSON text, sent as it is (as the GET route does, hence the cast).
      return reply
        .code(201)
        .type(LOG_PAGE_CONTENT_TYPE)
        .send(page.json as unknown as AppLogEntry[]);
    },
  );
};

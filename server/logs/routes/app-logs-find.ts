/**
 * Finding in an app's log (issue 30, decision 052): `GET /apps/:app_id/logs/jobs` (the job
 * names, for the dashboard's job filter) and `GET /apps/:app_id/logs/:id/context` (an entry's
 * neighbours in the whole log, whatever filter found it). Both bounded: names by
 * LOG_JOB_SCAN_MAX seeks, context by `before` + `after` rows.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textSchema } from '../../../contract/schemas/common';
import { LOG_JOB_NAME_MAX } from '../../../contract/schemas/app-log';
import {
  LOG_CONTEXT_BYTES_MAX,
  LOG_CONTEXT_DEFAULT,
  LOG_CONTEXT_MAX,
  LOG_JOB_SCAN_MAX,
  LOG_JOBS_LIMIT_DEFAULT,
  LOG_JOBS_LIMIT_MAX,
  logContextSchema,
  logJobsSchema,
  type LogContext,
  type LogJob,
} from '../../../contract/schemas/app-log-find';
import { AUTH_ERRORS, errorResponses } from '../../http/common';
import { notFound } from '../../http/errors';
import { findAppRow, toApp } from '../../apps/index';
import { jobMatches, lastSeenOf, logJobNames } from '../store/app-log-jobs';
import { logContextJson, parseLogId } from '../store/app-log-context';
import { LOG_PAGE_CONTENT_TYPE } from './app-logs-wait';

const appParams = z.object({
  app_id: textSchema().min(1).max(200).describe('The application key'),
});

const jobsQuerySchema = z.object({
  prefix: textSchema()
    .max(200)
    .optional()
    .describe('Only names that start with this, ignoring case'),
  contains: textSchema()
    .max(200)
    .optional()
    .describe('Only names that contain this, ignoring case'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LOG_JOBS_LIMIT_MAX)
    .default(LOG_JOBS_LIMIT_DEFAULT)
    .describe(`Most names, 1..${String(LOG_JOBS_LIMIT_MAX)}`),
});

const contextCount = (side: string) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(LOG_CONTEXT_MAX)
    .default(LOG_CONTEXT_DEFAULT)
    .describe(`Entries ${side} it, 0..${String(LOG_CONTEXT_MAX)}`);

const contextQuerySchema = z.object({
  before: contextCount('before'),
  after: contextCount('after'),
});

export const appLogFindRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/apps/:app_id/logs/jobs',
    {
      config: { resource: 'log' },
      schema: {
        summary: "List an app's job names",
        description:
          "Our extension: the names of the app definition's `jobs` and of its log entries' " +
          "`context.job.name`, by name, with the time of each job's newest entry. " +
          `The service looks through at most ${String(LOG_JOB_SCAN_MAX)} names of the log and ` +
          `answers at most \`limit\` of them, each at most ${String(LOG_JOB_NAME_MAX)} characters (a longer ` +
          'name, stored before names were bounded, is left out).',
        tags: ['apps', 'logs'],
        params: appParams,
        querystring: jobsQuerySchema,
        response: { 200: logJobsSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const { prefix, contains, limit } = request.query;
      const appId = await app.appIds.idOf(request.auth.siteId, request.params.app_id);
      const row = await findAppRow(db, request.auth.siteId, request.params.app_id);
      const defined = new Set((row ? toApp(row).jobs : []).map((job) => job.name));
      const logged = await logJobNames(db, appId);
      const names = [...new Set([...defined, ...logged.names])]
        .filter((name) => prefix === undefined || jobMatches(name, prefix, 'prefix'))
        .filter((name) => contains === undefined || jobMatches(name, contains, 'contains'))
        .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : 1));
      const jobs: LogJob[] = [];
      for (const name of names.slice(0, limit)) {
        jobs.push({
          name,
          last_seen: await lastSeenOf(db, appId, name),
          defined: defined.has(name),
        });
      }
      return reply
        .header('Cache-Control', 'no-store')
        .send({ jobs, truncated: logged.truncated || names.length > limit });
    },
  );

  app.get(
    '/apps/:app_id/logs/:id/context',
    {
      config: { resource: 'log' },
      schema: {
        summary: 'An entry and its neighbours',
        description:
          "Our extension: the entry and the entries just before and after it in the app's " +
          'whole log (no filter), in time order; each side stops before the entry that would ' +
          `take it past ${String(LOG_CONTEXT_BYTES_MAX / 2)} bytes (\`has_more_*\`). Past its ` +
          'time budget: 503 `too_slow`.',
        tags: ['apps', 'logs'],
        params: appParams.extend({ id: textSchema().max(100).describe('The entry id') }),
        querystring: contextQuerySchema,
        response: { 200: logContextSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const appId = await app.appIds.idOf(request.auth.siteId, request.params.app_id);
      const id = parseLogId(request.params.id);
      const json =
        id === null
          ? null
          : await logContextJson(db, appId, id, request.query, app.logReadLimits.walkTimeBudgetMs);
      if (json === null)
        throw notFound('log', `There is no log entry ${request.params.id} in this app`);
      // Bytes built from the stored JSON, as a page; the type provider knows only the shape.
      return reply
        .header('Cache-Control', 'no-store')
        .type(LOG_PAGE_CONTENT_TYPE)
        .send(json as unknown as LogContext);
    },
  );
};

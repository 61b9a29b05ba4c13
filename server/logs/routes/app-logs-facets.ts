/**
 * `GET /apps/:app_id/logs/facets` (issue 30, decision 053; our extension): the fields of the
 * entries' `data` in the log query's window and, for `field`, its top values with counts. The
 * window and filters follow the volume's rules (`before` defaults to now, `since` to the 24 hours
 * before it; level, q and job as in the log query). Bounded: the newest LOG_FACETS_SCAN_CAP
 * matching entries or LOG_FACETS_BYTES_MAX bytes of their data, read and counted in slices
 * (decision 059) within a walk's time budget (503 `too_slow` past it; with `q`, a search's: 400
 * `too_slow` on `q`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOG_FACET_FIELD_MAX,
  LOG_FACETS_LIMIT_DEFAULT,
  LOG_FACETS_LIMIT_MAX,
  LOG_FACETS_BYTES_MAX,
  LOG_FACETS_FIELDS_TRACKED,
  LOG_FACETS_SCAN_CAP,
  logFacetsSchema,
} from '../../../contract/schemas/app-log-facets';
import { LOG_LEVELS } from '../../../contract/schemas/app-log';
import { textSchema } from '../../../contract/schemas/common';
import { badRequest } from '../../http/errors';
import { AUTH_ERRORS, errorResponses } from '../../http/common';
import { logFacets } from '../store/app-logs-facets';
import { parseVolumeQuery } from './log-query-params';
import { fieldConditionQuerySchema } from './log-field-query-schema';

const timeBound = 'Float epoch seconds or an ISO 8601 date-time';
/** Key names of `data` joined by dots; no empty name. */
const FIELD_PATTERN = /^[^.\s]+(\.[^.\s]+)*$/;

const facetsQuerySchema = z.object({
  ...fieldConditionQuerySchema.shape,
  field: z
    .string()
    .optional()
    .describe(
      `A field of the entries' data (\`status\`, \`http.status\`; at most ${String(LOG_FACET_FIELD_MAX)} characters). ` +
        'Absent: only the field names.',
    ),
  since: z
    .string()
    .optional()
    .describe(`Inclusive start, default 24 hours before \`before\`. ${timeBound}`),
  before: z.string().optional().describe(`Exclusive end, default now. ${timeBound}`),
  level: z
    .string()
    .optional()
    .describe(`Minimum severity, any case: ${LOG_LEVELS.join(' < ')}`),
  q: z.string().optional().describe('As in the log query'),
  job: z.string().optional().describe('As in the log query'),
  limit: z
    .string()
    .optional()
    .describe(
      `Top values and field names, default ${String(LOG_FACETS_LIMIT_DEFAULT)}, clamped to 1..${String(LOG_FACETS_LIMIT_MAX)}; not a number: 400`,
    ),
});

const appParams = z.object({
  app_id: textSchema().min(1).max(200).describe('The application key'),
});

function parseField(value: string | undefined): string | null {
  const field = value?.trim();
  if (field === undefined || field === '') return null;
  if (
    field.length > LOG_FACET_FIELD_MAX ||
    !FIELD_PATTERN.test(field) ||
    field.includes('\u0000')
  ) {
    throw badRequest(
      'field',
      `"field" must be key names joined by dots, at most ${String(LOG_FACET_FIELD_MAX)} characters`,
      { resource: 'log', value: field },
    );
  }
  return field;
}

function parseLimit(value: string | undefined): number {
  const text = value?.trim();
  if (text === undefined || text === '') return LOG_FACETS_LIMIT_DEFAULT;
  const number = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number)) {
    throw badRequest(
      'limit',
      `"limit" must be a number from 1 to ${String(LOG_FACETS_LIMIT_MAX)}`,
      {
        resource: 'log',
        value: text,
      },
    );
  }
  return Math.min(LOG_FACETS_LIMIT_MAX, Math.max(1, number));
}

export const appLogFacetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  app.get(
    '/apps/:app_id/logs/facets',
    {
      config: { resource: 'log' },
      schema: {
        summary: "Top values of a field of the logs' data",
        description:
          "Our extension (issue 30): the data's field names and, for `field`, its top values with " +
          `counts, over the newest ${String(LOG_FACETS_SCAN_CAP)} entries of the window that match ` +
          `the filters, or fewer when their data reaches ${String(LOG_FACETS_BYTES_MAX)} bytes ` +
          `(\`capped\` when there are more); at most ${String(LOG_FACETS_FIELDS_TRACKED)} ` +
          'different field names are counted. Past its time budget: 503 `too_slow`.',
        tags: ['apps', 'logs'],
        params: appParams,
        querystring: facetsQuerySchema,
        response: { 200: logFacetsSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const { field: rawField, limit: rawLimit, ...rawQuery } = request.query;
      const field = parseField(rawField);
      const limit = parseLimit(rawLimit);
      const { sinceUs, beforeUs, buckets: _buckets, ...filter } = parseVolumeQuery(rawQuery);
      const appId = await app.appIds.idOf(request.auth.siteId, request.params.app_id);
      const facets = await logFacets(db, appId, {
        filter: { ...filter, limit: LOG_FACETS_SCAN_CAP },
        lowUs: sinceUs,
        highUs: beforeUs,
        field,
        cap: LOG_FACETS_SCAN_CAP,
        limit,
        walkTimeBudgetMs: app.logReadLimits.walkTimeBudgetMs,
      });
      return reply.header('Cache-Control', 'no-store').send(facets);
    },
  );
};

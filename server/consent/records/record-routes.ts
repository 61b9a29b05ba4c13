/**
 * Consent records for members (issue 40, decision 064): the list (`GET /consent-records`, paged
 * like `/audit`), the chart's days, the configuration a record names, the CSV export, the erase
 * (admins, audited) and the public key settings (read by members, changed by admins, audited).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentConfigSchema } from '../../../contract/schemas/consent';
import {
  consentPublicKeySchema,
  consentPublicKeyUpdateSchema,
  consentRecordDayListSchema,
  consentRecordEraseAnswerSchema,
  consentRecordEraseQuerySchema,
  consentRecordFilterSchema,
  consentRecordListSchema,
  consentRecordQuerySchema,
} from '../../../contract/schemas/consent-record';
import type { RevisionChange } from '../../../contract/schemas/audit';
import { notFound } from '../../http/errors';
import { AUTH_ERRORS, DATABASE_BUSY_RESPONSE, apiBaseUrl, errorResponses } from '../../http/common';
import { recordRevision } from '../../audit/index';
import { writeTransaction } from '../../database/transactions';
import { findSnapshotConfig } from './config-snapshots';
import {
  ensureRecordSettings,
  newPublicKey,
  toConsentPublicKey,
  updateRecordSettings,
  type RecordSettingsChange,
} from './record-settings-store';
import {
  countConsentRecordDays,
  deleteConsentRecords,
  listConsentRecords,
  walkConsentRecords,
} from './record-store';
import { recordsCsvStream } from './records-csv';

const WRITE_ERRORS = [...AUTH_ERRORS, 413, 415, 422] as const;

/** Keys are shown by their first characters in the audit feed. */
function keyPrefix(key: string): string {
  return `${key.slice(0, 8)}…`;
}

export const consentRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/settings/consent/public-key',
    {
      config: { resource: 'consent_records' },
      schema: {
        summary: "The site's public consent key, its origins and the records' retention",
        tags: ['consent records'],
        response: { 200: consentPublicKeySchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) =>
      toConsentPublicKey(await ensureRecordSettings(db, request.auth.siteId), apiBaseUrl(request)),
  );

  app.post(
    '/settings/consent/public-key/rotate',
    {
      config: { resource: 'consent_records', write: 'consent_records' },
      schema: {
        summary: 'Replace the public consent key (banners with the old one stop recording)',
        tags: ['consent records'],
        response: {
          200: consentPublicKeySchema,
          ...errorResponses(AUTH_ERRORS),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const row = await writeTransaction(
        db,
        async (trx) => {
          const before = await ensureRecordSettings(trx, siteId);
          const after = await updateRecordSettings(trx, siteId, { public_key: newPublicKey() });
          await recordRevision(trx, {
            siteId,
            resource: 'consent_records',
            resourceId: siteId,
            actor: request.auth,
            changes: [
              {
                field: 'public_key',
                before: keyPrefix(before.public_key),
                after: keyPrefix(after.public_key),
              },
            ],
          });
          return after;
        },
        request.writeAuthority,
      );
      return toConsentPublicKey(row, apiBaseUrl(request));
    },
  );

  app.patch(
    '/settings/consent/public-key',
    {
      config: { resource: 'consent_records', write: 'consent_records' },
      schema: {
        summary: 'Set the origins banners may record from, and the retention of records',
        tags: ['consent records'],
        body: consentPublicKeyUpdateSchema,
        response: {
          200: consentPublicKeySchema,
          ...errorResponses(WRITE_ERRORS),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const body = request.body;
      const row = await writeTransaction(
        db,
        async (trx) => {
          const before = toConsentPublicKey(await ensureRecordSettings(trx, siteId), '');
          const change: RecordSettingsChange = {};
          const changes: RevisionChange[] = [];
          if (body.origins !== undefined) {
            const origins = [...new Set(body.origins)];
            change.origins = origins;
            if (JSON.stringify(origins) !== JSON.stringify(before.origins)) {
              changes.push({ field: 'origins', before: before.origins, after: origins });
            }
          }
          if (body.retention_months !== undefined) {
            change.retention_months = body.retention_months;
            if (body.retention_months !== before.retention_months) {
              changes.push({
                field: 'retention_months',
                before: before.retention_months,
                after: body.retention_months,
              });
            }
          }
          if (changes.length === 0) return ensureRecordSettings(trx, siteId);
          const after = await updateRecordSettings(trx, siteId, change);
          await recordRevision(trx, {
            siteId,
            resource: 'consent_records',
            resourceId: siteId,
            actor: request.auth,
            changes,
          });
          return after;
        },
        request.writeAuthority,
      );
      return toConsentPublicKey(row, apiBaseUrl(request));
    },
  );

  app.get(
    '/consent-records',
    {
      config: { resource: 'consent_records' },
      schema: {
        summary: "The site's consent records, newest first",
        description:
          'Filter by `consent_id`, `from`/`to` (time), `application` (records with a choice ' +
          'for it) and `locale`; page with `before` (the last id seen) and `limit`.',
        tags: ['consent records'],
        querystring: consentRecordQuerySchema,
        response: { 200: consentRecordListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => listConsentRecords(db, request.auth.siteId, request.query),
  );

  app.get(
    '/consent-records/days',
    {
      config: { resource: 'consent_records' },
      schema: {
        summary: 'Records per day (UTC): how many accepted all, some or none',
        tags: ['consent records'],
        querystring: consentRecordFilterSchema,
        response: { 200: consentRecordDayListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => countConsentRecordDays(db, request.auth.siteId, request.query),
  );

  app.get(
    '/consent-records/configs/:version',
    {
      config: { resource: 'consent_records' },
      schema: {
        summary: 'The consent configuration at a version records name (what the visitor saw)',
        tags: ['consent records'],
        params: z.object({ version: z.coerce.number().int().min(0) }),
        response: { 200: consentConfigSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request) => {
      const config = await findSnapshotConfig(db, request.auth.siteId, request.params.version);
      if (!config) throw notFound('consent configuration version');
      return config;
    },
  );

  app.get(
    '/consent-records/export',
    {
      config: { resource: 'consent_records' },
      schema: {
        summary: 'Every record of the filter as CSV, oldest first, streamed',
        description:
          'Columns: id, consent_id, created_at, outcome, choices (JSON), config_version, ' +
          "config_revision, locale, page, user_agent, ip_hash. Values a visitor's browser sent " +
          "that start with = + - @ get a leading ' (no formulas in spreadsheets).",
        tags: ['consent records'],
        querystring: consentRecordFilterSchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv, streamed'),
          ...errorResponses(AUTH_ERRORS),
        },
      },
    },
    async (request, reply) => {
      const stream = recordsCsvStream(walkConsentRecords(db, request.auth.siteId, request.query));
      void reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="consent-records.csv"');
      // The response schema says what the body is (CSV text); the value sent is its stream.
      return reply.send(stream as unknown as string);
    },
  );

  app.delete(
    '/consent-records',
    {
      config: { resource: 'consent_records', write: 'consent_records' },
      schema: {
        summary: "Erase every record of a visitor's consent id (audited)",
        tags: ['consent records'],
        querystring: consentRecordEraseQuerySchema,
        response: {
          200: consentRecordEraseAnswerSchema,
          ...errorResponses(AUTH_ERRORS),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const consentId = request.query.consent_id;
      const deleted = await writeTransaction(
        db,
        async (trx) => {
          const count = await deleteConsentRecords(trx, siteId, consentId);
          await recordRevision(trx, {
            siteId,
            resource: 'consent_records',
            resourceId: consentId,
            actor: request.auth,
            changes: count > 0 ? [{ field: 'records', before: count, after: 0 }] : [],
          });
          return count;
        },
        request.writeAuthority,
      );
      return { deleted };
    },
  );
};

/**
 * Consent: `GET /settings/consent`, `PATCH /settings/consent`,
 * `GET /settings/consent/applications`.
 *
 * PATCH writes the privacy policy fields and the Google Consent Mode v2 mapping (`consent_mode`,
 * decision 054; each replaced as a whole, so a locale or a signal can be removed; null turns
 * Consent Mode off); purposes, applications and cookies in the body are ignored. The merged
 * result must satisfy privacyPolicyProblem (kind `url` needs a URL, kind `page` a page id), and
 * a mapping may name only the configuration's purposes (422 on `consent_mode.<signal>.<i>`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CONSENT_MODE_SIGNALS,
  CONSENT_READ_ONLY_FIELDS,
  consentApplicationListSchema,
  consentConfigSchema,
  consentUpdateSchema,
  privacyPolicyProblem,
  type ConsentMode,
} from '../../../contract/schemas/consent';
import { fieldError, validation } from '../../http/errors';
import { consentEtag, snapshotConsentConfig } from '../records/config-snapshots';
import {
  ensureConsentConfigRow,
  findConsentConfigRow,
  listConsentApplications,
  consentSettingsOf,
  loadConsentConfig,
  purposeNamesOf,
  updateConsentSettings,
  type ConsentSettingsFields,
} from '../store/consent';
import { writeTransaction } from '../../database/transactions';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  errorResponses,
  ifMatchHeaders,
  ignoredFields,
} from '../../http/common';
import { writeVersioned } from '../../audit/routes/index';

export const consentPatchBodySchema = consentUpdateSchema
  .extend(ignoredFields([...CONSENT_READ_ONLY_FIELDS, 'created_at', 'updated_at']))
  .strict()
  .describe(
    'Privacy policy fields and the Consent Mode mapping; purposes, applications and cookies are ignored',
  );

type ConsentPatch = z.infer<typeof consentPatchBodySchema>;

/**
 * A mapping as stored: signals in gtag's order, each purpose once; a purpose the configuration
 * does not declare is a 422 on that entry (a typo would silently keep a signal denied).
 */
function normalizedConsentMode(mode: ConsentMode, purposes: readonly string[]): ConsentMode {
  const unknown = [];
  const result: ConsentMode = {};
  for (const signal of CONSENT_MODE_SIGNALS) {
    const mapped = mode[signal];
    if (mapped === undefined) continue;
    for (const [index, purpose] of mapped.entries()) {
      if (!purposes.includes(purpose)) {
        unknown.push(
          fieldError({
            resource: 'consent',
            field: `consent_mode.${signal}.${index}`,
            code: 'unknown_purpose',
            message: `There is no purpose ${purpose}; the purposes are ${purposes.join(', ') || 'none'}`,
            value: purpose,
          }),
        );
      }
    }
    result[signal] = [...new Set(mapped)];
  }
  if (unknown.length > 0) throw validation(unknown);
  return result;
}

/** A PATCH merged into the stored settings; the result must be a complete policy (422). */
function mergeConsentPatch(
  before: ConsentSettingsFields,
  body: ConsentPatch,
  purposes: readonly string[],
): ConsentSettingsFields {
  const next: ConsentSettingsFields = { ...before };
  if (body.privacy_policy_kind !== undefined) {
    next.privacy_policy_kind = body.privacy_policy_kind;
  }
  if (body.privacy_policy_url !== undefined) {
    // Stored in locale order, whatever order they were sent in.
    next.privacy_policy_url = Object.fromEntries(
      Object.entries(body.privacy_policy_url).sort(([a], [b]) => a.localeCompare(b)),
    );
  }
  if (body.privacy_policy_page_id !== undefined) {
    next.privacy_policy_page_id = body.privacy_policy_page_id;
  }
  if (body.consent_mode !== undefined) {
    next.consent_mode =
      body.consent_mode === null ? null : normalizedConsentMode(body.consent_mode, purposes);
  }
  const problem = privacyPolicyProblem(next);
  if (problem) {
    throw validation([
      fieldError({
        resource: 'consent',
        field: problem.field,
        code: 'required',
        message: problem.message,
        value: next[problem.field],
      }),
    ]);
  }
  return next;
}

export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/settings/consent',
    {
      config: { resource: 'consent' },
      schema: {
        summary: 'Get the consent configuration of the site',
        tags: ['consent'],
        response: { 200: consentConfigSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const row = await findConsentConfigRow(db, siteId);
      void reply.header('ETag', consentEtag(siteId, row?.version ?? 0));
      return loadConsentConfig(db, siteId, row);
    },
  );

  app.patch(
    '/settings/consent',
    {
      config: { resource: 'consent', write: 'consent' },
      schema: {
        summary:
          'Update the privacy policy settings and the Consent Mode mapping of the consent configuration',
        tags: ['consent'],
        headers: ifMatchHeaders,
        body: consentPatchBodySchema,
        response: {
          200: consentConfigSchema,
          ...errorResponses(WRITE_ERRORS),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const body = request.body;
      const result = await writeTransaction(
        db,
        async (trx) => {
          // Banners exported before this write keep recording against what they showed.
          await snapshotConsentConfig(trx, siteId);
          const row = await writeVersioned(trx, {
            resource: 'consent',
            ifMatch: request.headers['if-match'],
            find: (tx) => findConsentConfigRow(tx, siteId, { forWrite: true }),
            // A site without a configuration has the empty one, at version 0.
            absent: {
              etag: consentEtag(siteId, 0),
              create: (tx, now) => ensureConsentConfigRow(tx, siteId, now),
            },
            etag: (current) => consentEtag(siteId, current.version),
            fieldsOf: consentSettingsOf,
            merge: (before, current) => mergeConsentPatch(before, body, purposeNamesOf(current)),
            update: (tx, current, next, now) =>
              updateConsentSettings(tx, siteId, current.version, next, now),
            revision: {
              siteId,
              resource: 'consent',
              actor: request.auth,
              resourceId: () => siteId,
            },
          });
          await snapshotConsentConfig(trx, siteId);
          return { version: row.version, config: await loadConsentConfig(trx, siteId, row) };
        },
        request.writeAuthority,
      );
      void reply.header('ETag', consentEtag(siteId, result.version));
      return result.config;
    },
  );

  app.get(
    '/settings/consent/applications',
    {
      config: { resource: 'consent' },
      schema: {
        summary: 'List the consent applications of the site',
        tags: ['consent'],
        response: { 200: consentApplicationListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => listConsentApplications(db, request.auth.siteId),
  );
};

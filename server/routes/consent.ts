/**
 * Consent: `GET /settings/consent`, `PATCH /settings/consent`,
 * `GET /settings/consent/applications`.
 *
 * PATCH writes the privacy policy fields only (`privacy_policy_url` is replaced as a whole, so
 * a locale can be removed); purposes, applications and cookies in the body are ignored. The
 * merged result must satisfy privacyPolicyProblem (kind `url` needs a URL, kind `page` a page id).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CONSENT_READ_ONLY_FIELDS,
  consentApplicationListSchema,
  consentConfigSchema,
  consentUpdateSchema,
  privacyPolicyProblem,
} from '../../src/api/schemas/consent';
import { fieldError, validation } from '../errors';
import { etagOf } from '../etag';
import {
  ensureConsentConfigRow,
  findConsentConfigRow,
  listConsentApplications,
  loadConsentConfig,
  privacyPolicyOf,
  updatePrivacyPolicy,
  type PrivacyPolicyFields,
} from '../store/consent';
import { writeTransaction } from '../store/transactions';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  errorResponses,
  ifMatchHeaders,
  ignoredFields,
} from './common';
import { writeVersioned } from './versioned-write';

export const consentPatchBodySchema = consentUpdateSchema
  .extend(ignoredFields([...CONSENT_READ_ONLY_FIELDS, 'created_at', 'updated_at']))
  .strict()
  .describe('Privacy policy fields; purposes, applications and cookies are ignored');

type ConsentPatch = z.infer<typeof consentPatchBodySchema>;

function consentEtag(siteId: string, version: number): string {
  return etagOf('consent', siteId, siteId, version);
}

/** A PATCH merged into the stored privacy policy; the result must be a complete policy (422). */
function mergeConsentPatch(before: PrivacyPolicyFields, body: ConsentPatch): PrivacyPolicyFields {
  const next: PrivacyPolicyFields = { ...before };
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
        summary: 'Update the privacy policy settings of the consent configuration',
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
      const result = await writeTransaction(db, async (trx) => {
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
          fieldsOf: privacyPolicyOf,
          merge: (before) => mergeConsentPatch(before, body),
          update: (tx, current, next, now) =>
            updatePrivacyPolicy(tx, siteId, current.version, next, now),
          revision: { siteId, resource: 'consent', actor: request.auth, resourceId: () => siteId },
        });
        return { version: row.version, config: await loadConsentConfig(trx, siteId, row) };
      });
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

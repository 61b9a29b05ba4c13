/**
 * Apps: `GET /apps`, `GET /apps/:app_id`, `PATCH /apps/:app_id`.
 *
 * PATCH rules: writable fields only (read-only App fields sent back are ignored, anything else
 * is a 422 naming it); for an internal app `callback_url` is derived (deriveCallbackUrl) from
 * the domain, the key and the set of scopes, and a client may not set another value; the same
 * scopes in another order change nothing; `updated_at` and the ETag move only on a real change.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textSchema } from '../../../contract/schemas/common';
import { deriveCallbackUrl, sameScopeSet } from '../../../contract/app-callback';
import {
  APP_READ_ONLY_FIELDS,
  SCOPE_CATALOGUE,
  appListSchema,
  appSchema,
  appUpdateSchema,
} from '../../../contract/schemas/app';
import { fieldError, notFound, validation } from '../../http/errors';
import { etagOf } from '../../http/etag';
import { writeTransaction } from '../../database/transactions';
import {
  changesOf,
  findAppRow,
  listAppRows,
  toApp,
  updateApp,
  type AppChanges,
} from '../store/apps';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  errorResponses,
  ifMatchHeaders,
  ignoredFields,
} from '../../http/common';
import { writeVersioned } from '../../audit/routes/index';

const appParams = z.object({
  app_id: textSchema().min(1).max(200).describe('The application key'),
});

export const appPatchBodySchema = appUpdateSchema
  .extend(ignoredFields(APP_READ_ONLY_FIELDS))
  .strict()
  .describe('A partial App: writable fields; read-only App fields are ignored');

type AppPatch = z.infer<typeof appPatchBodySchema>;

/** Scopes de-duplicated, in catalogue order, so the stored list never depends on input order. */
function canonicalScopes(scopes: readonly string[]): string[] {
  const set = new Set(scopes);
  return SCOPE_CATALOGUE.filter((scope) => set.has(scope));
}

/**
 * A PATCH merged into the app's stored fields: the same scopes in another order change nothing;
 * an internal app's callback URL is derived, and a client may not set another.
 */
function mergeAppPatch(before: AppChanges, key: string, patch: AppPatch): AppChanges {
  const next: AppChanges = { ...before };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.url !== undefined) next.url = patch.url;
  if (patch.domain !== undefined) next.domain = patch.domain;
  if (patch.internal !== undefined) next.internal = patch.internal;
  if (patch.sdk_version !== undefined) next.sdk_version = patch.sdk_version;
  if (
    patch.install_scopes !== undefined &&
    !sameScopeSet(patch.install_scopes, before.install_scopes)
  ) {
    next.install_scopes = canonicalScopes(patch.install_scopes);
  }

  if (next.internal) {
    const derived = deriveCallbackUrl({ key, domain: next.domain }, next.install_scopes);
    // Echoing the stored or the derived value back is fine (round trip); anything else is not.
    const sent = patch.callback_url;
    if (sent !== undefined && sent !== before.callback_url && sent !== derived) {
      throw validation([
        fieldError({
          resource: 'app',
          field: 'callback_url',
          code: 'not_allowed',
          message:
            'The callback URL of an internal app is derived from its scopes and cannot be set',
          value: sent,
        }),
      ]);
    }
    next.callback_url = derived;
  } else if (patch.callback_url !== undefined) {
    next.callback_url = patch.callback_url;
  }

  return next;
}

export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/apps',
    {
      config: { resource: 'app' },
      schema: {
        summary: 'List the apps of the site',
        tags: ['apps'],
        response: { 200: appListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => (await listAppRows(db, request.auth.siteId)).map(toApp),
  );

  app.get(
    '/apps/:app_id',
    {
      config: { resource: 'app' },
      schema: {
        summary: 'Get an app',
        tags: ['apps'],
        params: appParams,
        response: { 200: appSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const row = await findAppRow(db, request.auth.siteId, request.params.app_id);
      if (!row) throw notFound('app');
      void reply.header('ETag', etagOf('app', row.site_id, row.id, row.version));
      return toApp(row);
    },
  );

  app.patch(
    '/apps/:app_id',
    {
      config: { resource: 'app', write: 'app' },
      schema: {
        summary: 'Update an app',
        description:
          'Writable: name, url, domain, callback_url (external apps only), internal, ' +
          'install_scopes, sdk_version. For an internal app callback_url is ' +
          'https://{domain}/oauth/{key}/callback?scopes={sorted scopes joined by ","}.',
        tags: ['apps'],
        params: appParams,
        headers: ifMatchHeaders,
        body: appPatchBodySchema,
        response: {
          200: appSchema,
          ...errorResponses([...WRITE_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const patch = request.body;
      const row = await writeTransaction(
        db,
        (trx) =>
          writeVersioned(trx, {
            resource: 'app',
            ifMatch: request.headers['if-match'],
            find: (tx) => findAppRow(tx, siteId, request.params.app_id, { forWrite: true }),
            etag: (current) => etagOf('app', siteId, current.id, current.version),
            fieldsOf: changesOf,
            merge: (before, current) => mergeAppPatch(before, current.key, patch),
            update: (tx, current, next, now) =>
              updateApp(tx, current.id, current.version, next, now),
            revision: {
              siteId,
              resource: 'app',
              actor: request.auth,
              resourceId: (written) => written.key,
            },
          }),
        request.writeAuthority,
      );
      void reply.header('ETag', etagOf('app', siteId, row.id, row.version));
      return toApp(row);
    },
  );
};

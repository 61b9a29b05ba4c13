/**
 * A site's name, languages (issue 28, decision 045) and the e-mail clients its checks report on
 * (issue 39, decision 067): `GET /settings/site`, `PATCH /settings/site`. Admins change them (`config.write`, issue 29).
 *
 * PATCH: absent fields are left as they are; tags come out canonical (schemas/site-settings.ts:
 * 422 on `locales.<i>` for an invalid tag or a duplicate); the default must be one of the
 * locales after the change (422 on `default_locale`). Removing a locale deletes its translations
 * and a new default trades places with its translations, in the same transaction
 * (store/locale-change.ts); each notification so changed moves to its next version.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  siteSettingsSchema,
  siteSettingsUpdateSchema,
  type SiteSettingsUpdate,
} from '../../../contract/schemas/site-settings';
import type { EmailClientId } from '../../../contract/schemas/email-clients';
import { fieldError, notFound, validation } from '../../http/errors';
import { etagOf } from '../../http/etag';
import { writeTransaction } from '../../database/transactions';
import {
  findSiteRow,
  siteSettingsOf,
  toSiteSettings,
  updateSiteSettings,
  type SiteSettingsFields,
} from '../store/sites';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  errorResponses,
  ifMatchHeaders,
  ignoredFields,
} from '../../http/common';
import { recordNotificationRevision } from '../../notifications/routes/index';
import { writeVersioned } from '../../audit/routes/index';

export const sitePatchBodySchema = siteSettingsUpdateSchema
  .extend(ignoredFields(['updated_at']))
  .strict()
  .describe('Fields to change; absent fields are left as they are');

function siteEtag(siteId: string, version: number): string {
  return etagOf('site', siteId, siteId, version);
}

function mergeSitePatch(before: SiteSettingsFields, body: SiteSettingsUpdate): SiteSettingsFields {
  const next: SiteSettingsFields = {
    name: body.name ?? before.name,
    default_locale: body.default_locale ?? before.default_locale,
    locales: body.locales ?? before.locales,
    email_clients: (body.email_clients as EmailClientId[] | undefined) ?? before.email_clients,
  };
  if (!next.locales.includes(next.default_locale)) {
    throw validation([
      fieldError({
        resource: 'site',
        field: 'default_locale',
        code: 'not_in_locales',
        message: `The default language ${next.default_locale} must be one of the site's languages (${next.locales.join(', ')})`,
        value: next.default_locale,
      }),
    ]);
  }
  return next;
}

export const siteSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/settings/site',
    {
      config: { resource: 'site' },
      schema: {
        summary: "The site's name, languages and e-mail clients",
        description:
          'Our extension (issue 28). BCP 47 tags, canonical; `locales` has the default. ' +
          '`email_clients` (issue 39): the clients the checks report support for.',
        tags: ['sites'],
        response: { 200: siteSettingsSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const row = await findSiteRow(db, siteId);
      if (!row) throw notFound('site');
      void reply.header('ETag', siteEtag(siteId, row.version));
      return toSiteSettings(row);
    },
  );

  app.patch(
    '/settings/site',
    {
      config: { resource: 'site', write: 'site_settings' },
      schema: {
        summary: "Change the site's name, languages and e-mail clients",
        description:
          'Removing a language deletes its translations; a new default that a notification has ' +
          'a translation in trades places with its content (decision 045).',
        tags: ['sites'],
        headers: ifMatchHeaders,
        body: sitePatchBodySchema,
        response: {
          200: siteSettingsSchema,
          ...errorResponses(WRITE_ERRORS),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const body = request.body;
      const row = await writeTransaction(
        db,
        (trx) =>
          writeVersioned(trx, {
            resource: 'site',
            ifMatch: request.headers['if-match'],
            find: (tx) => findSiteRow(tx, siteId, { forWrite: true }),
            etag: (current) => siteEtag(siteId, current.version),
            fieldsOf: siteSettingsOf,
            merge: (before) => mergeSitePatch(before, body),
            // Each notification a change of languages rewrites gets its own revision too.
            update: (tx, current, next, now) =>
              updateSiteSettings(tx, current, next, now, (before, after) =>
                recordNotificationRevision(tx, siteId, request.auth, before, after),
              ),
            revision: {
              siteId,
              resource: 'site_settings',
              actor: request.auth,
              resourceId: () => siteId,
            },
          }),
        request.writeAuthority,
      );
      void reply.header('ETag', siteEtag(siteId, row.version));
      return toSiteSettings(row);
    },
  );
};

/**
 * Notifications: `GET /notifications`, `GET /notifications/:slug`, `PUT /notifications/:slug`
 * (`:slug` is the slug or the id).
 *
 * PUT rules: absent fields are left as they are; read-only fields sent back are ignored; the
 * subject may not be empty; subject, text and html must parse as Liquid (a 422 on the field
 * with line and column, via the same checkLiquid the editor uses); html_enabled needs an html.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { textSchema } from '../../../contract/schemas/common';
import {
  notificationListSchema,
  notificationSchema,
  notificationUpdateSchema,
} from '../../../contract/schemas/notification';
import type { ErrorDetail } from '../../../contract/schemas/error';
import { fieldError, notFound, validation } from '../../http/errors';
import { etagOf } from '../../http/etag';
import { writeTransaction } from '../../database/transactions';
import type { SiteLanguages } from '../store/locale-change';
import {
  contentOf,
  findNotification,
  listNotifications,
  toNotification,
  updateNotification,
  type NotificationContent,
} from '../store/notifications';
import { findSiteRow, siteSettingsOf } from '../../site/index';
import { findLayout } from '../store/layouts';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  apiBaseUrl,
  errorResponses,
  ifMatchHeaders,
  ignoredFields,
} from '../../http/common';
import { liquidSyntaxProblems } from './notification-problems';
import { auditedNotification, notificationSnapshot } from './notification-revision';
import { mergeTranslations } from './notification-translations';
import { writeVersioned } from '../../audit/routes/index';

const NOTIFICATION_READ_ONLY_FIELDS = ['id', 'url', 'slug', 'created_at', 'updated_at'] as const;

const slugParams = z.object({
  slug: textSchema().min(1).max(200).describe('The notification slug or id'),
});

export const notificationPutBodySchema = notificationUpdateSchema
  .extend(ignoredFields(NOTIFICATION_READ_ONLY_FIELDS))
  .strict()
  .describe('Fields to change; absent fields are left as they are');

/** Field problems of the merged content that the schema alone cannot see. */
function contentProblems(
  next: NotificationContent,
  sent: Partial<Omit<NotificationContent, 'translations'>>,
): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (sent.subject !== undefined && sent.subject.trim() === '') {
    problems.push(
      fieldError({
        resource: 'notification',
        field: 'subject',
        code: 'required',
        message: 'Subject is required',
        value: sent.subject,
      }),
    );
  }
  problems.push(...liquidSyntaxProblems(sent));
  if (next.html_enabled && next.html.trim() === '') {
    problems.push(
      fieldError({
        resource: 'notification',
        field: 'html',
        code: 'required',
        message: 'HTML is enabled, so the HTML body cannot be empty',
        value: next.html,
      }),
    );
  }
  return problems;
}

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/notifications',
    {
      config: { resource: 'notification' },
      schema: {
        summary: 'List the notification templates of the site',
        tags: ['notifications'],
        response: { 200: notificationListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => {
      const base = apiBaseUrl(request);
      return (await listNotifications(db, request.auth.siteId)).map((row) =>
        toNotification(row, base),
      );
    },
  );

  app.get(
    '/notifications/:slug',
    {
      config: { resource: 'notification' },
      schema: {
        summary: 'Get a notification template by slug or id',
        tags: ['notifications'],
        params: slugParams,
        response: { 200: notificationSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const row = await findNotification(db, request.auth.siteId, request.params.slug);
      if (!row) throw notFound('notification');
      void reply.header('ETag', etagOf('notification', row.site_id, row.id, row.version));
      return toNotification(row, apiBaseUrl(request));
    },
  );

  app.put(
    '/notifications/:slug',
    {
      config: { resource: 'notification', write: 'notification' },
      schema: {
        summary: 'Update a notification template',
        description:
          'Writable: name, description, subject, text, html, html_enabled, layout (a layout slug ' +
          'of the site, or null), and translations ' +
          '(partial: `{ "nl": { "subject": "…" } }` changes that field of nl, `{ "nl": null }` ' +
          "removes nl; locales must be the site's, not its default). Subject, text and html, " +
          "each translation's too, must be valid Liquid. A translation change moves the ETag.",
        tags: ['notifications'],
        params: slugParams,
        headers: ifMatchHeaders,
        body: notificationPutBodySchema,
        response: {
          200: notificationSchema,
          ...errorResponses([...WRITE_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const body = request.body;
      const sent: Partial<Omit<NotificationContent, 'translations'>> = {};
      for (const key of [
        'name',
        'description',
        'subject',
        'text',
        'html',
        'html_enabled',
        'layout',
      ] as const) {
        if (body[key] !== undefined) (sent as Record<string, unknown>)[key] = body[key];
      }
      const sentTranslations = body.translations;
      // The site's languages, read (and on PostgreSQL locked, before the notification, in the
      // order PATCH /settings/site locks them) when translations are sent, so a language removed
      // meanwhile cannot gain a translation.
      let languages: SiteLanguages | undefined;
      let layoutExists = false;
      const row = await writeTransaction(
        db,
        (trx) =>
          writeVersioned(trx, {
            resource: 'notification',
            ifMatch: request.headers['if-match'],
            find: async (tx) => {
              if (sentTranslations !== undefined) {
                const site = await findSiteRow(tx, siteId, { forWrite: true });
                if (!site) throw notFound('site');
                languages = siteSettingsOf(site);
              }
              // A layout sent must be the site's; read (and on PostgreSQL locked) here, so it cannot
              // be deleted between this check and the write.
              if (typeof sent.layout === 'string') {
                layoutExists =
                  (await findLayout(tx, siteId, sent.layout, { forWrite: true })) !== undefined;
              }
              return findNotification(tx, siteId, request.params.slug, { forWrite: true });
            },
            etag: (current) => etagOf('notification', siteId, current.id, current.version),
            fieldsOf: contentOf,
            merge: (before) => {
              const next: NotificationContent = { ...before, ...sent };
              const problems = contentProblems(next, sent);
              if (typeof sent.layout === 'string' && !layoutExists) {
                problems.push(
                  fieldError({
                    resource: 'notification',
                    field: 'layout',
                    code: 'unknown_layout',
                    message: `There is no layout ${sent.layout}: create it first, or choose one of the site's`,
                    value: sent.layout,
                  }),
                );
              }
              if (sentTranslations !== undefined) {
                // Read by find above whenever translations are sent.
                if (!languages) throw new Error('the site languages were not read');
                const merged = mergeTranslations(next, sentTranslations, languages);
                next.translations = merged.translations;
                problems.push(...merged.problems);
              }
              if (problems.length > 0) throw validation(problems);
              return next;
            },
            update: (tx, current, next, now) => updateNotification(tx, current, next, now),
            revision: {
              siteId,
              resource: 'notification',
              actor: request.auth,
              resourceId: (written) => written.slug,
              audited: auditedNotification,
              snapshot: notificationSnapshot,
            },
          }),
        request.writeAuthority,
      );
      void reply.header('ETag', etagOf('notification', siteId, row.id, row.version));
      return toNotification(row, apiBaseUrl(request));
    },
  );
};

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
import { textSchema } from '../../src/api/schemas/common';
import { checkLiquid, describeLiquidError } from '../../src/api/liquid-check';
import {
  LIQUID_FIELDS,
  type LiquidField,
  notificationListSchema,
  notificationSchema,
  notificationUpdateSchema,
} from '../../src/api/schemas/notification';
import type { ErrorDetail } from '../../src/api/schemas/error';
import { fieldError, notFound, validation } from '../errors';
import { etagOf } from '../etag';
import { writeTransaction } from '../store/transactions';
import {
  contentOf,
  findNotificationRow,
  listNotificationRows,
  toNotification,
  updateNotification,
  type NotificationContent,
} from '../store/notifications';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  WRITE_ERRORS,
  apiBaseUrl,
  errorResponses,
  ifMatchHeaders,
  ignoredFields,
} from './common';
import { writeVersioned } from './versioned-write';

const NOTIFICATION_READ_ONLY_FIELDS = ['id', 'url', 'slug', 'created_at', 'updated_at'] as const;

const slugParams = z.object({
  slug: textSchema().min(1).max(200).describe('The notification slug or id'),
});

export const notificationPutBodySchema = notificationUpdateSchema
  .extend(ignoredFields(NOTIFICATION_READ_ONLY_FIELDS))
  .strict()
  .describe('Fields to change; absent fields are left as they are');

/** A 422 detail for each of the given Liquid fields that does not parse, with its position. */
export function liquidSyntaxProblems(sent: Partial<Record<LiquidField, string>>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const field of LIQUID_FIELDS) {
    const value = sent[field];
    if (value === undefined) continue;
    const error = checkLiquid(value);
    if (!error) continue;
    problems.push(
      fieldError({
        resource: 'notification',
        field,
        code: 'liquid_syntax',
        message: describeLiquidError(error),
        value: { line: error.line, column: error.column, from: error.from, to: error.to },
      }),
    );
  }
  return problems;
}

/** Field problems of the merged content that the schema alone cannot see. */
function contentProblems(
  next: NotificationContent,
  sent: Partial<NotificationContent>,
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
      return (await listNotificationRows(db, request.auth.siteId)).map((row) =>
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
      const row = await findNotificationRow(db, request.auth.siteId, request.params.slug);
      if (!row) throw notFound('notification');
      void reply.header('ETag', etagOf('notification', row.site_id, row.id, row.version));
      return toNotification(row, apiBaseUrl(request));
    },
  );

  app.put(
    '/notifications/:slug',
    {
      config: { resource: 'notification' },
      schema: {
        summary: 'Update a notification template',
        description:
          'Writable: name, description, subject, text, html, html_enabled. Subject, text and ' +
          'html must be valid Liquid.',
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
      const sent: Partial<NotificationContent> = {};
      for (const key of [
        'name',
        'description',
        'subject',
        'text',
        'html',
        'html_enabled',
      ] as const) {
        if (body[key] !== undefined) (sent as Record<string, unknown>)[key] = body[key];
      }
      const row = await writeTransaction(db, (trx) =>
        writeVersioned(trx, {
          resource: 'notification',
          ifMatch: request.headers['if-match'],
          find: (tx) => findNotificationRow(tx, siteId, request.params.slug, { forWrite: true }),
          etag: (current) => etagOf('notification', siteId, current.id, current.version),
          fieldsOf: contentOf,
          merge: (before) => {
            const next: NotificationContent = { ...before, ...sent };
            const problems = contentProblems(next, sent);
            if (problems.length > 0) throw validation(problems);
            return next;
          },
          update: (tx, current, next, now) =>
            updateNotification(tx, current.id, current.version, next, now),
        }),
      );
      void reply.header('ETag', etagOf('notification', siteId, row.id, row.version));
      return toNotification(row, apiBaseUrl(request));
    },
  );
};

/**
 * Revisions (issue 29, decision 048): `GET /audit` (the site's feed, newest first, filtered and
 * paged by `before`), `GET /notifications/:slug/revisions` and
 * `GET /notifications/:slug/revisions/:id` (the notification as it was after that revision).
 * Readable by every member of the site.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditQuerySchema, revisionListSchema } from '../../../contract/schemas/audit';
import { databaseIdSchema, textSchema } from '../../../contract/schemas/common';
import { notificationSchema } from '../../../contract/schemas/notification';
import { notFound } from '../../http/errors';
import {
  findNotification,
  toNotification,
  type NotificationRecord,
} from '../../notifications/index';
import { findRevision, listRevisions } from '../store/revisions';
import { AUTH_ERRORS, apiBaseUrl, errorResponses } from '../../http/common';

const slugParams = z.object({
  slug: textSchema().min(1).max(200).describe('The notification slug or id'),
});

const revisionParams = slugParams.extend({
  id: databaseIdSchema().describe('The revision id'),
});

const pageQuery = auditQuerySchema.pick({ before: true, limit: true });

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/audit',
    {
      config: { resource: 'audit' },
      schema: {
        summary: "The site's revisions, newest first",
        description:
          'Our extension (issue 29). Every successful write records one revision with its ' +
          'changed fields. Filter by `resource`, `resource_id` and `actor` (an e-mail); page ' +
          'with `before` (the last id seen) and `limit`.',
        tags: ['audit'],
        querystring: auditQuerySchema,
        response: { 200: revisionListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => listRevisions(db, request.auth.siteId, request.query),
  );

  app.get(
    '/notifications/:slug/revisions',
    {
      config: { resource: 'notification' },
      schema: {
        summary: "A notification template's revisions, newest first",
        tags: ['notifications', 'audit'],
        params: slugParams,
        querystring: pageQuery,
        response: { 200: revisionListSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const row = await findNotification(db, siteId, request.params.slug);
      if (!row) throw notFound('notification');
      return listRevisions(db, siteId, {
        ...request.query,
        resource: 'notification',
        resource_id: row.slug,
      });
    },
  );

  app.get(
    '/notifications/:slug/revisions/:id',
    {
      config: { resource: 'revision' },
      schema: {
        summary: 'A notification template as it was after one of its revisions',
        tags: ['notifications', 'audit'],
        params: revisionParams,
        response: { 200: notificationSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request) => {
      const { siteId } = request.auth;
      const row = await findNotification(db, siteId, request.params.slug);
      if (!row) throw notFound('notification');
      const found = await findRevision(db, siteId, 'notification', row.slug, request.params.id);
      if (!found?.snapshot) throw notFound('revision');
      // Written by notificationSnapshot: the stored notification record as JSON.
      return toNotification(found.snapshot as NotificationRecord, apiBaseUrl(request));
    },
  );
};

/**
 * What the evaluator tells of an alert (issue 41, decision 074):
 * - `GET /alerts/{id}/events`: its changes of state, newest first (`?before=<id>&limit=1…100`);
 *   any member reads; another site's or an unknown alert is a 404; bad `limit`/`before` a 400
 *   on the field;
 * - `GET /alerts/webhook-secret`: the site's key for the webhooks' signatures (made on first
 *   read), for admins only: whoever holds it can forge an alert.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ALERT_EVENTS_LIMIT_MAX, alertEventPageSchema } from '../../../contract/schemas/alert';
import { databaseIdSchema } from '../../../contract/schemas/common';
import { AUTH_ERRORS, errorResponses } from '../../http/common';
import { notFound } from '../../http/errors';
import { findAlertRow } from '../store/alerts';
import { listAlertEvents } from '../store/alert-states';
import { webhookSecret } from '../store/alert-outbox';
import { ALERT_RESOURCE } from './alert-checks';

const ALERT_EVENTS_LIMIT_DEFAULT = 50;

const eventsQuery = z.object({
  before: databaseIdSchema().optional(),
  limit: z.coerce
    .number()
    .int('Must be a whole number')
    .min(1, 'At least 1')
    .max(ALERT_EVENTS_LIMIT_MAX, `At most ${String(ALERT_EVENTS_LIMIT_MAX)}`)
    .default(ALERT_EVENTS_LIMIT_DEFAULT),
});

export const alertWebhookSecretSchema = z.object({
  secret: z.string(),
  signature_header: z.string(),
  timestamp_header: z.string(),
});

export const alertEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/alerts/:id/events',
    {
      config: { resource: ALERT_RESOURCE },
      schema: {
        summary: "An alert's changes of state",
        description:
          'Our extension (issue 41). Newest first; `next_before` when there are more (pass it as ' +
          '`before`). Window times are epoch seconds. Any member reads.',
        tags: ['alerts'],
        params: z.object({ id: databaseIdSchema() }),
        querystring: eventsQuery,
        response: { 200: alertEventPageSchema, ...errorResponses([...AUTH_ERRORS, 400, 404]) },
      },
    },
    async (request, reply) => {
      const row = await findAlertRow(db, request.auth.siteId, request.params.id);
      if (!row) throw notFound('alert');
      const { before, limit } = request.query;
      void reply.header('Cache-Control', 'no-store');
      return listAlertEvents(db, row.id, before, limit);
    },
  );

  app.get(
    '/alerts/webhook-secret',
    {
      // Admins only, as the site's settings: the key signs what the service sends.
      config: { resource: ALERT_RESOURCE, write: 'site_settings' },
      schema: {
        summary: "The site's key for the alerts' webhook signatures",
        description:
          'Our extension (issue 41). Every webhook POST carries `X-Site-Console-Signature: ' +
          'sha256=<hex>`, the HMAC-SHA256 of the raw body with this key, and ' +
          '`X-Site-Console-Timestamp` (epoch seconds). Admins only (403 below).',
        tags: ['alerts'],
        response: { 200: alertWebhookSecretSchema, ...errorResponses([...AUTH_ERRORS]) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return {
        secret: await webhookSecret(db, request.auth.siteId),
        signature_header: 'X-Site-Console-Signature',
        timestamp_header: 'X-Site-Console-Timestamp',
      };
    },
  );
};

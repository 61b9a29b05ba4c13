/**
 * Alert rules (issue 41, decision 070): `GET/POST /alerts`, `GET/PUT/DELETE /alerts/{id}`, on
 * the site of `X-Service-Site`. Any member reads; editors and admins write (`config.write`,
 * 403 below). PUT is the whole rule again, with If-Match as every versioned resource (412);
 * DELETE takes If-Match too. At most ALERTS_MAX_PER_SITE per site: the next is a 422 `too_many`,
 * as the cap of saved log views. Every write records its revision (resource `alert`) in its own
 * transaction; a refused write changes nothing.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ALERTS_MAX_PER_SITE,
  ALERTS_TOO_MANY_CODE,
  alertListSchema,
  alertRuleSchema,
  alertSchema,
  type Alert,
  type AlertRule,
} from '../../../contract/schemas/alert';
import { databaseIdSchema } from '../../../contract/schemas/common';
import { fieldChanges, recordRevision } from '../../audit';
import { deleteVersioned, writeVersioned } from '../../audit/routes';
import { nowIso } from '../../database/encoding';
import type { Db } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';
import {
  AUTH_ERRORS,
  DATABASE_BUSY_RESPONSE,
  errorResponses,
  ifMatchHeaders,
  WRITE_ERRORS,
} from '../../http/common';
import { fieldError, notFound, validation } from '../../http/errors';
import { etagOf } from '../../http/etag';
import {
  countAlerts,
  deleteAlert,
  findAlertRow,
  insertAlert,
  listAlertRows,
  ruleOf,
  toAlert,
  updateAlertAtVersion,
  type AlertRow,
} from '../store/alerts';
import { alertStatuses, deleteAlertEvaluation, UNEVALUATED } from '../store/alert-states';
import { ALERT_RESOURCE, checkAlertRule } from './alert-checks';
import { alertEventRoutes } from './alert-events';

const alertParams = z.object({ id: databaseIdSchema() });

const alertEtag = (row: AlertRow): string =>
  etagOf(ALERT_RESOURCE, row.site_id, row.id, row.version);

const ROLE_NOTE = 'Any member reads; editors and admins write (403 for a viewer).';

/** The alerts as the API answers them, each with what the evaluator knows of it. */
async function withStatus(db: Db, siteId: string, rows: readonly AlertRow[]): Promise<Alert[]> {
  const statuses = await alertStatuses(
    db,
    siteId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toAlert(row), status: statuses.get(row.id) ?? UNEVALUATED }));
}

async function oneWithStatus(db: Db, row: AlertRow): Promise<Alert> {
  const statuses = await alertStatuses(db, row.site_id, [row.id]);
  return { ...toAlert(row), status: statuses.get(row.id) ?? UNEVALUATED };
}

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  await app.register(alertEventRoutes);

  app.get(
    '/alerts',
    {
      config: { resource: ALERT_RESOURCE },
      schema: {
        summary: 'The alerts of the site',
        description: `Our extension (issue 41), oldest first. ${ROLE_NOTE}`,
        tags: ['alerts'],
        response: { 200: alertListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request, reply) => {
      const rows = await listAlertRows(db, request.auth.siteId);
      return reply
        .header('Cache-Control', 'no-store')
        .send(await withStatus(db, request.auth.siteId, rows));
    },
  );

  app.post(
    '/alerts',
    {
      config: { resource: ALERT_RESOURCE, write: 'alert' },
      schema: {
        summary: 'Create an alert',
        description:
          'A log query of one app (as a saved view holds it), a condition on the count of its ' +
          'entries over the last `window_minutes`, how often to check, and whom to tell. ' +
          '`app` must be an app of the site, `notify.emails` members of the site, webhooks ' +
          `https: (422 on the field). At most ${String(ALERTS_MAX_PER_SITE)} per site (422 ` +
          `\`${ALERTS_TOO_MANY_CODE}\`). ${ROLE_NOTE}`,
        tags: ['alerts'],
        body: alertRuleSchema,
        response: {
          201: alertSchema,
          ...errorResponses([...AUTH_ERRORS, 413, 415, 422]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const rule: AlertRule = request.body;
      const row = await writeTransaction(
        db,
        async (trx) => {
          await checkAlertRule(trx, siteId, rule);
          if ((await countAlerts(trx, siteId)) >= ALERTS_MAX_PER_SITE) {
            throw validation([
              fieldError({
                resource: ALERT_RESOURCE,
                field: 'name',
                message: `At most ${String(ALERTS_MAX_PER_SITE)} alerts per site; delete one first`,
                code: ALERTS_TOO_MANY_CODE,
              }),
            ]);
          }
          const inserted = await insertAlert(trx, siteId, rule, nowIso());
          await recordRevision(trx, {
            siteId,
            resource: 'alert',
            resourceId: String(inserted.id),
            actor: request.auth,
            changes: fieldChanges({}, ruleOf(inserted)),
          });
          return inserted;
        },
        request.writeAuthority,
      );
      void reply.header('ETag', alertEtag(row));
      return reply.code(201).send(await oneWithStatus(db, row));
    },
  );

  app.get(
    '/alerts/:id',
    {
      config: { resource: ALERT_RESOURCE },
      schema: {
        summary: 'Get an alert',
        description: `Its ETag is what PUT and DELETE take in If-Match. ${ROLE_NOTE}`,
        tags: ['alerts'],
        params: alertParams,
        response: { 200: alertSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request, reply) => {
      const row = await findAlertRow(db, request.auth.siteId, request.params.id);
      if (!row) throw notFound('alert');
      void reply.header('ETag', alertEtag(row)).header('Cache-Control', 'no-store');
      return oneWithStatus(db, row);
    },
  );

  app.put(
    '/alerts/:id',
    {
      config: { resource: ALERT_RESOURCE, write: 'alert' },
      schema: {
        summary: 'Change an alert',
        description:
          'The whole rule again, checked as on creation. `If-Match` with the ETag of the alert ' +
          `as read; a mismatch is a 412. ${ROLE_NOTE}`,
        tags: ['alerts'],
        params: alertParams,
        headers: ifMatchHeaders,
        body: alertRuleSchema,
        response: {
          200: alertSchema,
          ...errorResponses([...WRITE_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      const next: AlertRule = request.body;
      const row = await writeTransaction(
        db,
        async (trx) => {
          // The rule's references are checked before the If-Match, as the shape is: a 422
          // answers whatever version the client holds.
          await checkAlertRule(trx, siteId, next);
          return writeVersioned(trx, {
            resource: ALERT_RESOURCE,
            ifMatch: request.headers['if-match'],
            find: (tx) => findAlertRow(tx, siteId, request.params.id, { forWrite: true }),
            etag: alertEtag,
            fieldsOf: ruleOf,
            merge: () => next,
            update: (tx, current, rule, now) => updateAlertAtVersion(tx, current, rule, now),
            revision: {
              siteId,
              resource: 'alert',
              actor: request.auth,
              resourceId: (written) => String(written.id),
            },
          });
        },
        request.writeAuthority,
      );
      void reply.header('ETag', alertEtag(row));
      return oneWithStatus(db, row);
    },
  );

  app.delete(
    '/alerts/:id',
    {
      config: { resource: ALERT_RESOURCE, write: 'alert' },
      schema: {
        summary: 'Delete an alert',
        description: `If-Match as PUT (412 on a mismatch). ${ROLE_NOTE}`,
        tags: ['alerts'],
        params: alertParams,
        headers: ifMatchHeaders,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses([...AUTH_ERRORS, 404, 412]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { siteId } = request.auth;
      await writeTransaction(
        db,
        async (trx) => {
          await deleteVersioned(trx, {
            resource: 'alert',
            ifMatch: request.headers['if-match'],
            find: (tx) => findAlertRow(tx, siteId, request.params.id, { forWrite: true }),
            etag: alertEtag,
            remove: async (tx, row) => {
              await deleteAlert(tx, row);
              await deleteAlertEvaluation(tx, row.id);
            },
            fieldsOf: ruleOf,
            revision: {
              siteId,
              resource: 'alert',
              actor: request.auth,
              resourceId: (row) => String(row.id),
            },
          });
        },
        request.writeAuthority,
      );
      return reply.code(204).send(null);
    },
  );
};

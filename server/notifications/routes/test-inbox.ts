/**
 * The test inbox (issue 39, decision 063; our extension, in the OpenAPI document, not in the
 * spec): `GET /test-inbox`, `GET /test-inbox/{id}`, `DELETE /test-inbox/{id}`, on the site of
 * `X-Service-Site`. What arrives is written by the test-send route (mail/test-inbox.ts) when no
 * `SMTP_URL` is set. Any member reads; deleting is an editor's, as sending is.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testInboxListSchema, testInboxMessageSchema } from '../../../contract/schemas/test-inbox';
import { notFound } from '../../http/errors';
import { deleteInboxMail, findInboxMail, listInboxMail } from '../store/test-inbox';
import { writeTransaction } from '../../database/transactions';
import { AUTH_ERRORS, DATABASE_BUSY_RESPONSE, errorResponses } from '../../http/common';

const RESOURCE = 'test_inbox';
const mailParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export interface TestInboxOptions {
  /** Whether `SMTP_URL` is set (then test sends go out and nothing new arrives here). */
  smtpConfigured: boolean;
}

export const testInboxRoutes: FastifyPluginAsyncZod<TestInboxOptions> = async (app, options) => {
  const { db } = app;

  app.get(
    '/test-inbox',
    {
      config: { resource: RESOURCE },
      schema: {
        summary: "The site's test inbox: test sends kept by the service, newest first",
        description:
          'Our extension (issue 39). Without SMTP_URL, test sends arrive here (the last 100 per ' +
          'site), each with its SpamAssassin score when a spamd was reachable.',
        tags: ['notifications'],
        security: [{ bearer: [] }],
        response: { 200: testInboxListSchema, ...errorResponses(AUTH_ERRORS) },
      },
    },
    async (request) => ({
      smtp_configured: options.smtpConfigured,
      data: await listInboxMail(db, request.auth.siteId),
    }),
  );

  app.get(
    '/test-inbox/:id',
    {
      config: { resource: RESOURCE },
      schema: {
        summary: 'One mail of the test inbox, as the recipient gets it',
        description: 'Our extension (issue 39): HTML and text parts, headers and raw source.',
        tags: ['notifications'],
        security: [{ bearer: [] }],
        params: mailParams,
        response: { 200: testInboxMessageSchema, ...errorResponses([...AUTH_ERRORS, 404]) },
      },
    },
    async (request) => {
      const mail = await findInboxMail(db, request.auth.siteId, request.params.id);
      if (!mail) throw notFound('test inbox mail');
      return mail;
    },
  );

  app.delete(
    '/test-inbox/:id',
    {
      config: { resource: RESOURCE, write: 'notification' },
      schema: {
        summary: 'Delete a mail of the test inbox',
        description: 'Our extension (issue 39). An editor or admin, as for test sends.',
        tags: ['notifications'],
        security: [{ bearer: [] }],
        params: mailParams,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses([...AUTH_ERRORS, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const siteId = request.auth.siteId;
      const deleted = await writeTransaction(db, (trx) =>
        deleteInboxMail(trx, siteId, request.params.id),
      );
      if (!deleted) throw notFound('test inbox mail');
      return reply.code(204).send(null);
    },
  );
};

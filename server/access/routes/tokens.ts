/**
 * The signed-in user's personal access tokens and `GET /me` (issue 29); user-scoped
 * (`config.auth: 'user'`, no `X-Service-Site`). `POST /tokens` answers the secret once;
 * `DELETE /tokens/{id}` revokes one of the user's own tokens (another user's id is a 404, as a
 * missing one). A revoked token is refused by every instance within AUTH_CHANGE_POLL_MS
 * (decision 049).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { meSchema } from '../../../contract/schemas/member';
import {
  createdTokenSchema,
  tokenCreateSchema,
  tokenListSchema,
} from '../../../contract/schemas/token';
import { notFound, unauthorized } from '../../http/errors';
import { createToken, findUser, listTokens, revokeToken } from '../store/tokens';
import { DATABASE_BUSY_RESPONSE, errorResponses } from '../../http/common';

const USER_ERRORS = [401, 429, 500, 503] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

const tokenParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/me',
    {
      config: { resource: 'user', auth: 'user' },
      schema: {
        summary: 'Who the token belongs to',
        description: 'Our extension (issue 29). `token_id` is the id of the token used.',
        tags: ['tokens'],
        security: [{ bearer: [] }],
        response: { 200: meSchema, ...errorResponses(USER_ERRORS) },
      },
    },
    async (request) => {
      const { userId, tokenId } = request.auth;
      const user = await findUser(db, userId);
      // The user was deleted after the token was cached: the token no longer works.
      if (!user) throw unauthorized('The token is not valid');
      return { ...user, token_id: tokenId };
    },
  );

  app.get(
    '/tokens',
    {
      config: { resource: 'token', auth: 'user' },
      schema: {
        summary: "The signed-in user's tokens that work",
        tags: ['tokens'],
        security: [{ bearer: [] }],
        response: { 200: tokenListSchema, ...errorResponses(USER_ERRORS) },
      },
    },
    async (request) => listTokens(db, request.auth.userId),
  );

  app.post(
    '/tokens',
    {
      config: { resource: 'token', auth: 'user' },
      schema: {
        summary: 'Create a token; its secret is answered this once',
        tags: ['tokens'],
        security: [{ bearer: [] }],
        body: tokenCreateSchema.strict(),
        response: {
          201: createdTokenSchema,
          ...errorResponses([...USER_ERRORS, 413, 415, 422]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      const { name, expires_in_days: days } = request.body;
      const expiresAt = new Date(Date.now() + days * DAY_MS).toISOString();
      const created = await createToken(db, request.auth.userId, { name, expiresAt });
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/tokens/:id',
    {
      config: { resource: 'token', auth: 'user' },
      schema: {
        summary: 'Revoke one of your tokens',
        description: 'Refused by every instance within 1 s (decision 049).',
        tags: ['tokens'],
        security: [{ bearer: [] }],
        params: tokenParams,
        response: {
          204: z.null().describe('Revoked'),
          ...errorResponses([...USER_ERRORS, 400, 404]),
          ...DATABASE_BUSY_RESPONSE,
        },
      },
    },
    async (request, reply) => {
      if (!(await revokeToken(db, request.params.id, request.auth.userId))) {
        throw notFound('token');
      }
      app.authChanged();
      return reply.code(204).send(null);
    },
  );
};

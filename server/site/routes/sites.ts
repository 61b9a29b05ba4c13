/** `GET /sites`: the sites the token's user may use (no `X-Service-Site` needed). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteListSchema } from '../../../contract/schemas/site';
import { listSitesOfUser } from '../store/sites';
import { errorResponses } from '../../http/common';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sites',
    {
      config: { resource: 'site', auth: 'user' },
      schema: {
        summary: "List the sites the token's user may use",
        tags: ['sites'],
        security: [{ bearer: [] }],
        response: { 200: siteListSchema, ...errorResponses([401, 429, 500]) },
      },
    },
    async (request) => listSitesOfUser(app.db, request.auth.userId),
  );
};

/** `GET /api/openapi.json`: the OpenAPI 3.1 document, generated from the routes' zod schemas. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const openApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/openapi.json',
    { schema: { summary: 'OpenAPI 3.1 document of this API', tags: ['meta'], security: [] } },
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(app.swagger()),
  );
};

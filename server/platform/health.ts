/** `GET /api/health`: no auth; checks that the database answers. */
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/schemas/error';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
  time: z.string(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Service health',
        tags: ['health'],
        security: [],
        response: { 200: healthSchema, 500: errorBodySchema, 503: errorBodySchema },
      },
    },
    async () => {
      await sql`select 1`.execute(app.db);
      return { status: 'ok' as const, database: 'ok' as const, time: new Date().toISOString() };
    },
  );
};

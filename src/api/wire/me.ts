// `GET /me` (issue 29, our extension) as the dashboard accepts it: who the token belongs to.
import { z } from 'zod';
import { wireIdSchema, wireTextSchema } from './common';

export const meWireSchema = z.looseObject({
  id: wireIdSchema,
  email: wireTextSchema,
  token_id: wireIdSchema.optional(),
});
export type MeWire = z.output<typeof meWireSchema>;

// `GET /me` (issue 29, our extension) as the dashboard accepts it: the e-mail (the account menu)
// and the token's id (the tokens page marks this session's token; absent from other servers).
import { z } from 'zod';
import { wireTextSchema } from './common';

export const meWireSchema = z.looseObject({
  email: wireTextSchema,
  token_id: z.number().int().optional().catch(undefined),
});
export type MeWire = z.output<typeof meWireSchema>;

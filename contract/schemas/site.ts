import { z } from 'zod';

export const siteIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'Site ids are lowercase letters, digits and dashes');

/** A site the token's user may use (`GET /sites`), as our service sends it. */
export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string().optional(),
});
export type Site = z.infer<typeof siteSchema>;
export const siteListSchema = z.array(siteSchema);

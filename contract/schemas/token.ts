import { z } from 'zod';
import { dateTimeSchema, textSchema } from './common';

/**
 * Personal access tokens (issue 29), of the signed-in user, without a site header:
 * `GET /tokens`, `POST /tokens` (answers the secret once, 201), `DELETE /tokens/{id}` (204).
 * A revoked or expired token is refused with 401 by every instance within 1 second.
 */
export const MAX_TOKEN_DAYS = 366;

export const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret, to recognise it; never enough to use it. */
  prefix: z.string(),
  created_at: dateTimeSchema,
  last_used_at: dateTimeSchema.nullable(),
  /** null: never expires (tokens made before issue 29, or by the CLI without --expires-in-days). */
  expires_at: dateTimeSchema.nullable(),
});
export type Token = z.infer<typeof tokenSchema>;
export const tokenListSchema = z.array(tokenSchema);

export const tokenCreateSchema = z.object({
  name: textSchema().trim().min(1, 'Name is required').max(100, 'At most 100 characters'),
  expires_in_days: z
    .number()
    .int('Whole days')
    .min(1, 'At least 1 day')
    .max(MAX_TOKEN_DAYS, `At most ${String(MAX_TOKEN_DAYS)} days`),
});
export type TokenCreate = z.infer<typeof tokenCreateSchema>;

/** The answer of `POST /tokens`: the only time the secret is shown. */
export const createdTokenSchema = tokenSchema.extend({ secret: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

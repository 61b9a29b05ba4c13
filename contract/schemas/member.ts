import { z } from 'zod';
import { dateTimeSchema } from './common';
import { roleSchema } from './role';

/**
 * A site's members (issue 29): `GET /members`, `PATCH /members/{user_id}` `{ role }` and
 * `DELETE /members/{user_id}`, for admins. The last admin of a site can be neither demoted nor
 * removed: 409 with the detail on `role`.
 */
export const memberSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  created_at: dateTimeSchema,
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.array(memberSchema);

export const memberUpdateSchema = z.object({ role: roleSchema });
export type MemberUpdate = z.infer<typeof memberUpdateSchema>;

/** `GET /me` (user scope, no site header): who the token belongs to. */
export const meSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  /** The id of the token this request used: the tokens page marks it "this session". */
  token_id: z.number().int(),
});
export type Me = z.infer<typeof meSchema>;

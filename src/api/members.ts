/**
 * A site's members (issue 29): `GET /members`, `PATCH /members/{user_id}` `{ role }`,
 * `DELETE /members/{user_id}`. The query holds the list, or null when the server has no such
 * route (404/405): a server of the original spec knows no members, and the page says so.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';
import { roleSchema, type Role } from '../../contract/schemas/role';
import { wireDateTimeSchema, wireListSchema, wireTextSchema } from '../../contract/wire/common';

/** A member as the dashboard accepts it; one with an unknown role or no id is left out. */
const memberWireSchema = z.looseObject({
  user_id: z.number().int(),
  email: wireTextSchema,
  name: wireTextSchema,
  role: roleSchema,
  created_at: wireDateTimeSchema,
});
export type MemberWire = z.output<typeof memberWireSchema>;
const memberListWireSchema = wireListSchema(memberWireSchema);

/** Every key starts with the site (decision 042). */
export const memberKeys = {
  all: (site: string) => [site, 'members'] as const,
  list: (site: string) => [...memberKeys.all(site), 'list'] as const,
};

export function membersQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: memberKeys.list(site),
    queryFn: async ({ signal }): Promise<MemberWire[] | null> => {
      try {
        return (await apiClient.request({ path: '/members', schema: memberListWireSchema, signal }))
          .data;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
  });
}

/** `PATCH /members/{user_id}`: 409 for the last admin, 403 below admin. Never retried. */
export async function changeMemberRole(userId: number, role: Role): Promise<MemberWire> {
  return (
    await apiClient.request({
      method: 'PATCH',
      path: `/members/${String(userId)}`,
      body: { role },
      schema: memberWireSchema,
    })
  ).data;
}

/** `DELETE /members/{user_id}`: 409 for the last admin, 403 below admin. */
export async function removeMember(userId: number): Promise<void> {
  await apiClient.request({
    method: 'DELETE',
    path: `/members/${String(userId)}`,
    schema: z.unknown(),
  });
}

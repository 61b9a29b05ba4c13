import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { meWireSchema } from '../../contract/wire/me';

// Who is signed in (`GET /me`, our extension). A server without it answers 404: the query fails
// and the account menu names no one (nothing else reads it).

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: async ({ signal }) =>
      (await apiClient.request({ path: '/me', schema: meWireSchema, signal })).data,
    staleTime: 5 * 60_000,
  });
}

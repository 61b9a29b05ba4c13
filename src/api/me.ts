import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiError } from './client';
import { meWireSchema, type MeWire } from './wire/me';

// Who is signed in (`GET /me`, our extension): a server without it answers 404 (or 405), and the
// account menu then names no one.

export const meKeys = {
  all: ['me'] as const,
};

/** The token's user, or null when the server has no `GET /me`. */
export async function getMe(signal?: AbortSignal): Promise<MeWire | null> {
  try {
    const { data } = await apiClient.request({ path: '/me', schema: meWireSchema, signal });
    return data;
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The signed-in user's personal access tokens (issue 29): `GET /tokens`, `POST /tokens`
 * `{ name, expires_in_days }` (the secret answered once), `DELETE /tokens/{id}`. The list query
 * holds null when the server has no such route (404/405). Tokens belong to the user, not the
 * site, but the key still starts with the site (decision 042) so a switch never shows stale ones.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient, isApiError } from './client';
import { keySite } from './key-site';
import type { TokenCreate } from '../../contract/schemas/token';
import { wireDateTimeSchema, wireListSchema, wireTextSchema } from '../../contract/wire/common';

const tokenWireSchema = z.looseObject({
  id: z.number().int(),
  name: wireTextSchema.transform((name) => name || 'Unnamed token'),
  prefix: wireTextSchema,
  created_at: wireDateTimeSchema,
  last_used_at: wireDateTimeSchema,
  expires_at: wireDateTimeSchema,
});
export type TokenWire = z.output<typeof tokenWireSchema>;
const createdTokenWireSchema = tokenWireSchema.extend({ secret: z.string().min(1) });
export type CreatedTokenWire = z.output<typeof createdTokenWireSchema>;

export const tokenKeys = {
  all: (site: string) => [site, 'tokens'] as const,
  list: (site: string) => [...tokenKeys.all(site), 'list'] as const,
};

/** The expiries the create form offers, in days. */
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export function tokensQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: tokenKeys.list(site),
    queryFn: async ({ signal }): Promise<TokenWire[] | null> => {
      try {
        return (
          await apiClient.request({
            path: '/tokens',
            schema: wireListSchema(tokenWireSchema),
            signal,
          })
        ).data;
      } catch (error) {
        if (isApiError(error) && (error.status === 404 || error.status === 405)) return null;
        throw error;
      }
    },
  });
}

/** `POST /tokens`: the only answer that carries the secret. Never retried. */
export async function createToken(input: TokenCreate): Promise<CreatedTokenWire> {
  return (
    await apiClient.request({
      method: 'POST',
      path: '/tokens',
      body: input,
      schema: createdTokenWireSchema,
    })
  ).data;
}

export async function revokeToken(id: number): Promise<void> {
  await apiClient.request({ method: 'DELETE', path: `/tokens/${String(id)}`, schema: z.unknown() });
}

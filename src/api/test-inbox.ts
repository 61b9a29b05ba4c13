/**
 * The test inbox (issue 39): the test sends the service kept because no SMTP_URL is set
 * (`GET /test-inbox`, `GET` and `DELETE /test-inbox/{id}`). Loaded with the Test inbox page only.
 */
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from './client';
import { keySite } from './key-site';
import {
  testInboxListWireSchema,
  testInboxMessageWireSchema,
  type InboxList,
  type InboxMessage,
} from '../../contract/wire/test-inbox';

/** Every key starts with the site (decision 042). */
export const testInboxKeys = {
  all: (site: string) => [site, 'test-inbox'] as const,
  list: (site: string) => [...testInboxKeys.all(site), 'list'] as const,
  mail: (site: string, id: number) => [...testInboxKeys.all(site), 'mail', id] as const,
};

export function testInboxQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: testInboxKeys.list(site),
    queryFn: async ({ signal }): Promise<InboxList> =>
      (await apiClient.request({ path: '/test-inbox', schema: testInboxListWireSchema, signal }))
        .data,
  });
}

export function testInboxMailQueryOptions(id: number, site = keySite()) {
  return queryOptions({
    queryKey: testInboxKeys.mail(site, id),
    queryFn: async ({ signal }): Promise<InboxMessage> =>
      (
        await apiClient.request({
          path: `/test-inbox/${String(id)}`,
          schema: testInboxMessageWireSchema,
          signal,
        })
      ).data,
    // A kept mail never changes.
    staleTime: Infinity,
  });
}

export async function deleteTestInboxMail(id: number): Promise<void> {
  await apiClient.request({
    method: 'DELETE',
    path: `/test-inbox/${String(id)}`,
    schema: z.unknown(),
  });
}

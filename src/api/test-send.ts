/**
 * Test sends (our service's extension): whether it can send and to whom, and the send itself.
 * A server without the extension answers 404 to the settings; the dashboard says so.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient } from './client';
import { keySite } from './key-site';
import {
  testSendResultSchema,
  testSendSettingsSchema,
  type TestSendRequest,
  type TestSendResult,
  type TestSendSettings,
} from '../../contract/schemas/test-send';

/** Every key starts with the site (decision 042). */
export const testSendKeys = {
  settings: (site: string) => [site, 'test-send', 'settings'] as const,
};

export function testSendSettingsQueryOptions(site = keySite()) {
  return queryOptions({
    queryKey: testSendKeys.settings(site),
    queryFn: async ({ signal }): Promise<TestSendSettings> =>
      (await apiClient.request({ path: '/test-send', schema: testSendSettingsSchema, signal }))
        .data,
    // Set at the service's start; no need to ask again while the page is open.
    staleTime: Infinity,
    retry: false,
  });
}

/** `POST /notifications/{slug}/test-send`; never retried by itself (it sends a mail). */
export async function sendTest(slug: string, request: TestSendRequest): Promise<TestSendResult> {
  const response = await apiClient.request({
    method: 'POST',
    path: `/notifications/${encodeURIComponent(slug)}/test-send`,
    body: request,
    schema: testSendResultSchema,
  });
  return response.data;
}

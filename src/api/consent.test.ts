// The consent resource module against the real service over HTTP, on a real SQLite file.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../server/platform/test-support.test-helper';
import { configureApiClient } from './client';
import {
  consentApplicationsQueryOptions,
  consentKeys,
  consentQueryOptions,
  fetchLatestConsent,
  storeSavedConsent,
  updateConsent,
} from './consent';
import { apiErrorOf } from './api-error.test-helper';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  configureApiClient({
    getConnection: () => ({ baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' }),
  });
});

afterAll(async () => {
  await api.close();
});

describe('consent queries', () => {
  it('loads the configuration with its ETag and the applications', async () => {
    const queryClient = new QueryClient();
    const loaded = await queryClient.query(consentQueryOptions());
    expect(loaded.etag).toBeTruthy();
    expect(loaded.data.privacy_policy_kind).toBe('url');
    expect(Object.keys(loaded.data.privacy_policy_url)).toEqual(['en', 'nl']);
    expect(loaded.data.purposes.map((purpose) => purpose.name)).toEqual([
      'functional',
      'analytics',
      'marketing',
    ]);
    const applications = await queryClient.query(consentApplicationsQueryOptions());
    expect(applications.map((app) => app.name)).toContain('hotjar');
    expect(queryClient.getQueryData(consentKeys.applications('demo'))).toBe(applications);
  });
});

describe('updateConsent', () => {
  it('saves the URL map with If-Match and stores the answer in the cache', async () => {
    const queryClient = new QueryClient();
    const loaded = await queryClient.query(consentQueryOptions());
    const saved = await updateConsent({
      changes: {
        privacy_policy_url: { en: '/privacy', de: 'https://demo.example.com/de/privacy' },
      },
      etag: loaded.etag,
    });
    // Replaced as a whole: nl is gone.
    expect(saved.data.privacy_policy_url).toEqual({
      en: '/privacy',
      de: 'https://demo.example.com/de/privacy',
    });
    expect(saved.etag).not.toBe(loaded.etag);
    storeSavedConsent(queryClient, saved);
    expect(queryClient.getQueryData(consentKeys.detail('demo'))).toEqual(saved);

    // The old ETag is stale now.
    const stale = await apiErrorOf(
      updateConsent({ changes: { privacy_policy_kind: 'none' }, etag: loaded.etag }),
    );
    expect(stale.isConflict).toBe(true);
    const latest = await fetchLatestConsent(queryClient);
    expect(latest.etag).toBe(saved.etag);
  });

  it('answers 422 naming the language of a URL the service rejects', async () => {
    const { etag } = await fetchLatestConsent(new QueryClient());
    const error = await apiErrorOf(
      updateConsent({
        changes: { privacy_policy_url: { en: '/ok', nl: 'http://insecure.example' } },
        etag,
      }),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors.map((detail) => detail.field)).toEqual(['privacy_policy_url.nl']);
  });

  it('answers 422 on the page id when kind page has none', async () => {
    const { etag } = await fetchLatestConsent(new QueryClient());
    const error = await apiErrorOf(
      updateConsent({ changes: { privacy_policy_kind: 'page' }, etag }),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors[0]?.field).toBe('privacy_policy_page_id');
  });
});

// Every query key starts with the site (decision 042): a site switch never finds another site's
// cached answer, and invalidating one site's keys leaves the other's alone.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { appLogKeys } from './app-logs';
import { appKeys, appQueryOptions, appsQueryOptions } from './apps';
import { configureApiClient } from './client';
import { consentKeys, consentQueryOptions } from './consent';
import { notificationKeys, notificationsQueryOptions } from './notifications';
import type { LogVolumeQuery } from '../../contract/schemas/app-log-volume';
import { testSendKeys, testSendSettingsQueryOptions } from './test-send';

const volumeQuery: LogVolumeQuery = { since: 0, before: 3600, buckets: 60 };

/** Each factory's keys for one site, so two sites can be compared key by key. */
function keysOf(site: string): readonly (readonly unknown[])[] {
  return [
    appKeys.all(site),
    appKeys.list(site),
    appKeys.detail(site, 'shop'),
    appLogKeys.all(site, 'shop'),
    appLogKeys.volume(site, 'shop', volumeQuery),
    consentKeys.detail(site),
    consentKeys.applications(site),
    notificationKeys.list(site),
    notificationKeys.detail(site, 'welcome'),
    testSendKeys.settings(site),
  ];
}

let site: string | null = null;
configureApiClient({
  getConnection: () =>
    site === null ? null : { baseUrl: 'http://127.0.0.1:9/api', token: 'token', site },
});

afterEach(() => {
  site = null;
});

describe('query keys', () => {
  it('start with the site, so two sites never share a key', () => {
    const acme = keysOf('acme');
    const demo = keysOf('demo');
    acme.forEach((key, index) => {
      expect(key[0]).toBe('acme');
      expect(demo[index]?.[0]).toBe('demo');
      expect(key).not.toEqual(demo[index]);
    });
  });

  it('take the connected site when a page builds its query options', () => {
    site = 'acme';
    const acme = [
      appsQueryOptions().queryKey,
      appQueryOptions('shop').queryKey,
      consentQueryOptions().queryKey,
      notificationsQueryOptions().queryKey,
      testSendSettingsQueryOptions().queryKey,
    ];
    site = 'demo';
    const demo = [
      appsQueryOptions().queryKey,
      appQueryOptions('shop').queryKey,
      consentQueryOptions().queryKey,
      notificationsQueryOptions().queryKey,
      testSendSettingsQueryOptions().queryKey,
    ];
    acme.forEach((key, index) => {
      expect(key[0]).toBe('acme');
      expect(demo[index]?.[0]).toBe('demo');
    });
  });

  it("finds no cached answer of another site, and invalidates one site's keys only", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(appKeys.list('acme'), []);
    expect(queryClient.getQueryData(appKeys.list('demo'))).toBeUndefined();

    queryClient.setQueryData(appKeys.list('demo'), []);
    await queryClient.invalidateQueries({ queryKey: appKeys.all('acme') });
    expect(queryClient.getQueryState(appKeys.list('acme'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(appKeys.list('demo'))?.isInvalidated).toBe(false);
  });
});

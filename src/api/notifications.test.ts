// The notifications resource module against the real service over HTTP, on a real SQLite file.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../server/platform/test-support.test-helper';
import { configureApiClient } from './client';
import {
  fetchLatestNotification,
  notificationKeys,
  notificationQueryOptions,
  notificationsQueryOptions,
  storeSavedNotification,
  updateNotification,
} from './notifications';
import type { Notification } from '../../contract/schemas/notification';
import { apiErrorOf } from './api-error.test-helper';

let api: TestApi;
let site = 'demo';

beforeAll(async () => {
  api = await startTestApi();
  configureApiClient({
    getConnection: () => ({ baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site }),
  });
});

afterAll(async () => {
  await api.close();
});

describe('notifications resource', () => {
  it('lists the demo notifications and reads one with its ETag', async () => {
    const queryClient = new QueryClient();
    const list = await queryClient.query(notificationsQueryOptions());
    expect(list.map((n) => n.slug).sort()).toEqual(
      [
        'contact-form',
        'invoice',
        // Every site's built-in template of its log alerts (issue 41).
        'log-alert',
        'order-confirmation',
        'password-reset',
        'shipping-update',
        'welcome',
      ].sort(),
    );
    const detail = await queryClient.query(notificationQueryOptions('order-confirmation'));
    expect(detail.data.slug).toBe('order-confirmation');
    expect(detail.etag).toBeTruthy();
  });

  it('saves with If-Match and puts the answer into the detail and the list', async () => {
    const queryClient = new QueryClient();
    await queryClient.query(notificationsQueryOptions());
    const loaded = await queryClient.query(notificationQueryOptions('welcome'));
    const saved = await updateNotification({
      slug: 'welcome',
      changes: { subject: 'Welcome aboard, {{ customer.first_name }}' },
      etag: loaded.etag,
    });
    expect(saved.data.subject).toBe('Welcome aboard, {{ customer.first_name }}');
    expect(saved.etag).not.toBe(loaded.etag);
    storeSavedNotification(queryClient, saved);
    expect(queryClient.getQueryData(notificationKeys.detail('demo', 'welcome'))).toEqual(saved);
    const list = queryClient.getQueryData<Notification[]>(notificationKeys.list('demo'));
    expect(list?.find((n) => n.slug === 'welcome')?.subject).toBe(saved.data.subject);
  });

  it('answers 412 on a stale ETag, and fetchLatest gives the current version', async () => {
    const queryClient = new QueryClient();
    const first = await queryClient.query(notificationQueryOptions('invoice'));
    await updateNotification({
      slug: 'invoice',
      changes: { description: 'by someone else' },
      etag: first.etag,
    });
    const error = await apiErrorOf(
      updateNotification({ slug: 'invoice', changes: { description: 'mine' }, etag: first.etag }),
    );
    expect(error.isConflict).toBe(true);
    const latest = await fetchLatestNotification(queryClient, 'invoice');
    expect(latest.data.description).toBe('by someone else');
  });

  it('answers 422 on the field for a Liquid error, with the line and column the editor shows', async () => {
    const loaded = await new QueryClient().query(notificationQueryOptions('password-reset'));
    const error = await apiErrorOf(
      updateNotification({
        slug: 'password-reset',
        changes: { text: 'Hi\n{% if customer %}\nbye' },
        etag: loaded.etag,
      }),
    );
    expect(error.status).toBe(422);
    expect(error.fieldErrors[0]).toMatchObject({ field: 'text' });
    expect(error.fieldErrors[0]?.message).toMatch(/line 2, column 1/);
  });

  it('reads the notifications of the selected site only', async () => {
    site = 'acme';
    try {
      const list = await new QueryClient().query(notificationsQueryOptions());
      expect(list.map((n) => n.slug).sort()).toEqual(['log-alert', 'welcome']);
    } finally {
      site = 'demo';
    }
  });
});

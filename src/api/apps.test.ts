// The apps resource module against the real service over HTTP, on a real database.
import { QueryClient } from '@tanstack/react-query';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/platform/app';
import type { Db } from '../../server/database/schema';
import { insertApp } from '../../server/apps/store/apps';
import { appFixture } from '../../server/platform/test-support.test-helper';
import {
  createTestDatabase,
  type TestDatabase,
} from '../../server/database/test-database.test-helper';
import { createSite, ensureMembership } from '../../server/site/store/sites';
import { findOrCreateUser, issueToken } from '../../server/access/store/tokens';
import {
  appKeys,
  appQueryOptions,
  appsQueryOptions,
  fetchLatestApp,
  storeSavedApp,
  updateApp,
} from './apps';
import { deriveCallbackUrl } from '../../contract/app-callback';
import { configureApiClient, isApiError, type ApiError } from './client';
import type { App } from '../../contract/schemas/app';

let database: TestDatabase;
let db: Db;
let server: FastifyInstance;

const appOf = (key: string, internal: boolean) =>
  appFixture(key, {
    url: `https://${key}.example.com`,
    domain: `${key}.example.com`,
    callback_url: internal
      ? deriveCallbackUrl({ key, domain: `${key}.example.com` }, ['read_orders'])
      : `https://${key}.example.com/cb`,
    internal,
    install_scopes: ['read_orders'],
    compiled_at: '2026-01-01T00:00:00.000Z',
  });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await createSite(db, 'shop', 'Shop');
  const userId = await findOrCreateUser(db, 'admin@example.com');
  await ensureMembership(db, userId, 'shop');
  const token = await issueToken(db, userId);
  await insertApp(db, 'shop', appOf('external', false));
  await insertApp(db, 'shop', appOf('internal', true));
  server = await buildApp({ db, staticDir: null });
  const address = await server.listen({ port: 0, host: '127.0.0.1' });
  configureApiClient({ getConnection: () => ({ baseUrl: `${address}/api`, token, site: 'shop' }) });
});

afterAll(async () => {
  await server.close();
  await database.destroy();
});

describe('apps resource', () => {
  it('lists the apps of the site', async () => {
    const client = new QueryClient();
    const apps = await client.query(appsQueryOptions());
    expect(apps.map((app) => app.key).sort()).toEqual(['external', 'internal']);
  });

  it('loads one app with its ETag', async () => {
    const client = new QueryClient();
    const loaded = await client.query(appQueryOptions('external'));
    expect(loaded.data.key).toBe('external');
    expect(loaded.etag).toMatch(/^"/);
  });

  it('saves changed fields with If-Match and puts the saved app in both caches', async () => {
    const client = new QueryClient();
    await client.query(appsQueryOptions());
    const loaded = await client.query(appQueryOptions('external'));
    const saved = await updateApp({
      key: 'external',
      changes: { name: 'Renamed' },
      etag: loaded.etag,
    });
    expect(saved.data.name).toBe('Renamed');
    expect(saved.etag).not.toBe(loaded.etag);

    storeSavedApp(client, saved);
    expect(client.getQueryData(appKeys.detail('shop', 'external'))).toEqual(saved);
    const list = client.getQueryData<App[]>(appKeys.list('shop'));
    expect(list?.find((app) => app.key === 'external')?.name).toBe('Renamed');
  });

  it('answers a stale ETag with a conflict, and fetchLatestApp reads the current app', async () => {
    const client = new QueryClient();
    const loaded = await client.query(appQueryOptions('external'));
    await updateApp({ key: 'external', changes: { sdk_version: '1.2.0' }, etag: loaded.etag });
    const error = await updateApp({
      key: 'external',
      changes: { name: 'Too late' },
      etag: loaded.etag,
    }).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.isConflict).toBe(true);

    const latest = await fetchLatestApp(client, 'external');
    expect(latest.data.sdk_version).toBe('1.2.0');
    expect(client.getQueryData(appKeys.detail('shop', 'external'))).toEqual(latest);
  });

  it('re-derives an internal app callback exactly as the dashboard previews it', async () => {
    const client = new QueryClient();
    const loaded = await client.query(appQueryOptions('internal'));
    const scopes = ['write_orders', 'read_logs'] as const;
    const saved = await updateApp({
      key: 'internal',
      changes: { install_scopes: [...scopes] },
      etag: loaded.etag,
    });
    expect(saved.data.callback_url).toBe(
      deriveCallbackUrl({ key: 'internal', domain: 'internal.example.com' }, scopes),
    );
  });

  it('reports field errors of a 422 by field name', async () => {
    const client = new QueryClient();
    const loaded = await client.query(appQueryOptions('internal'));
    const error = (await updateApp({
      key: 'internal',
      changes: { callback_url: 'https://elsewhere.example.com/cb' },
      etag: loaded.etag,
    }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.fieldErrors.map((detail) => detail.field)).toEqual(['callback_url']);
  });
});

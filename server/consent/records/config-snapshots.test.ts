/**
 * Keeping a configuration version never fails on a key it collides with: concurrent consent
 * writes on PostgreSQL insert the same snapshot at once, and an insert that names one unique key
 * as its arbiter still fails on the other one (`(site_id, etag)`) — the 500 a CI run met among
 * 50 concurrent `PATCH /settings/consent`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../site/store/sites';
import { createTestDatabase, type TestDatabase } from '../../database/test-database.test-helper';
import { consentEtag, snapshotConsentConfig, unquotedEtag } from './config-snapshots';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await createSite(database.db, 'snap', 'Snapshots');
});

afterAll(async () => {
  await database.destroy();
});

describe('snapshotConsentConfig', () => {
  it('keeps the current version once, and is quiet when its ETag is already kept', async () => {
    const { db } = database;
    // The row another writer's insert left under the same ETag (here under another version, so
    // that only the ETag's unique key collides).
    await db
      .insertInto('consent_config_snapshots')
      .values({
        site_id: 'snap',
        version: 99,
        etag: unquotedEtag(consentEtag('snap', 0)),
        config: '{}',
        created_at: new Date().toISOString(),
      })
      .execute();
    await expect(snapshotConsentConfig(db, 'snap')).resolves.toEqual({
      version: 0,
      etag: unquotedEtag(consentEtag('snap', 0)),
    });
    await expect(snapshotConsentConfig(db, 'snap')).resolves.toMatchObject({ version: 0 });
  });
});

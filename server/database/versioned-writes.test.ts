import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appFixture } from '../platform/test-support.test-helper';
import { changesOf, findAppRow, insertApp, updateApp } from '../apps/store/apps';
import type { Db } from './schema';
import { createTestDatabase, type TestDatabase } from './test-database.test-helper';
import {
  contentOf,
  findNotification,
  insertNotification,
  newNotificationId,
  updateNotification,
} from '../notifications/store/notifications';
import { createSite } from '../site/store/sites';
import {
  ensureConsentConfigRow,
  findConsentConfigRow,
  consentSettingsOf,
  updateConsentSettings,
} from '../consent/store/consent';

// One rule for every resource with an ETag: a conditional write answers with the row exactly
// as it wrote it (the next ETag comes from it), or with nothing when the row was not at the
// expected version; never with a re-read that could be another row or the stale one.
let database: TestDatabase;
let db: Db;
const LATER = '2026-02-01T00:00:00.000Z';

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await createSite(db, 'site', 'Site');
});

afterAll(async () => {
  await database.destroy();
});

describe('updateApp', () => {
  it('answers the row it wrote, at the next version', async () => {
    const id = await insertApp(db, 'site', appFixture('written'));
    const before = await findAppRow(db, 'site', 'written');
    if (!before) throw new Error('the app was not stored');
    const written = await updateApp(db, id, 1, { ...changesOf(before), name: 'Renamed' }, LATER);
    expect(written).toEqual({ ...before, name: 'Renamed', updated_at: LATER, version: 2 });
    expect(await findAppRow(db, 'site', 'written')).toEqual(written);
  });

  it('answers nothing and changes nothing at another version', async () => {
    const id = await insertApp(db, 'site', appFixture('stale'));
    const before = await findAppRow(db, 'site', 'stale');
    if (!before) throw new Error('the app was not stored');
    const written = await updateApp(db, id, 7, { ...changesOf(before), name: 'Lost' }, LATER);
    expect(written).toBeUndefined();
    expect(await findAppRow(db, 'site', 'stale')).toEqual(before);
  });
});

describe('updateNotification', () => {
  async function storedNotification(slug: string) {
    const id = newNotificationId();
    await insertNotification(db, 'site', {
      id,
      slug,
      name: slug,
      description: '',
      subject: 'Hello',
      text: 'Hi',
      html: '',
      html_enabled: false,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    const row = await findNotification(db, 'site', id);
    if (!row) throw new Error('the notification was not stored');
    return row;
  }

  it('answers the row it wrote, at the next version', async () => {
    const before = await storedNotification('written');
    const content = { ...contentOf(before), subject: 'Changed' };
    const written = await updateNotification(db, before, content, LATER);
    expect(written).toEqual({ ...before, subject: 'Changed', updated_at: LATER, version: 2 });
    expect(await findNotification(db, 'site', before.id)).toEqual(written);
  });

  it('answers nothing and changes nothing at another version', async () => {
    const before = await storedNotification('stale');
    const content = { ...contentOf(before), subject: 'Lost' };
    expect(await updateNotification(db, { ...before, version: 7 }, content, LATER)).toBeUndefined();
    expect(await findNotification(db, 'site', before.id)).toEqual(before);
  });
});

describe('updateConsentSettings', () => {
  const policy = {
    privacy_policy_kind: 'url',
    privacy_policy_url: { en: 'https://example.com/privacy' },
    privacy_policy_page_id: null,
    consent_mode: { analytics_storage: ['Analytics'] },
  };

  it('answers the row it wrote, at the next version', async () => {
    await createSite(db, 'consent-written', 'Site');
    const before = await ensureConsentConfigRow(db, 'consent-written', '2026-01-01T00:00:00.000Z');
    const written = await updateConsentSettings(db, 'consent-written', 1, policy, LATER);
    expect(written).toEqual({
      ...before,
      privacy_policy_kind: 'url',
      privacy_policy_url: written?.privacy_policy_url,
      consent_mode: written?.consent_mode,
      updated_at: LATER,
      version: 2,
    });
    if (!written) throw new Error('nothing was written');
    expect(consentSettingsOf(written)).toEqual(policy);
    expect(await findConsentConfigRow(db, 'consent-written')).toEqual(written);
  });

  it('answers nothing and changes nothing at another version', async () => {
    await createSite(db, 'consent-stale', 'Site');
    const before = await ensureConsentConfigRow(db, 'consent-stale', '2026-01-01T00:00:00.000Z');
    expect(await updateConsentSettings(db, 'consent-stale', 7, policy, LATER)).toBeUndefined();
    expect(await findConsentConfigRow(db, 'consent-stale')).toEqual(before);
  });
});

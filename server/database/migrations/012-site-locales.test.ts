/** Migration 012 on a database migrated to 011 with rows in it (both engines, via TEST_ENGINE). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../migrate';
import { findNotification, toNotification } from '../../notifications/store/notifications';
import { findSiteRow, siteSettingsOf } from '../../site/store/sites';
import { DEFAULT_EMAIL_CLIENTS } from '../../../contract/schemas/email-clients';
import { SEEDED_AT, insertSite, useMigrationSteps } from './migration-steps.test-helper';

const steps = useMigrationSteps();

describe('migration 012 (site languages, notification translations)', () => {
  it('keeps existing sites and notifications, in English, with no translations', async () => {
    const { db } = steps;
    await steps.migrateTo('011-log-minute-bytes');
    await insertSite(db, 'old', 'Old shop');
    await sql`insert into notifications
        (id, site_id, slug, name, description, subject, text, html, html_enabled, created_at, updated_at, version)
        values ('ntf_old', 'old', 'welcome', 'Welcome', '', 'Hi {{ name }}', 'Hello', '<p>Hello</p>', 1,
          ${SEEDED_AT}, ${SEEDED_AT}, 3)`.execute(db);

    await migrateToLatest(db);

    const site = await findSiteRow(db, 'old');
    expect(site && siteSettingsOf(site)).toEqual({
      name: 'Old shop',
      default_locale: 'en',
      locales: ['en'],
      // Migration 024 (issue 39): a site from before it reports on the default clients.
      email_clients: [...DEFAULT_EMAIL_CLIENTS],
    });
    expect(site?.updated_at).toBe(SEEDED_AT);
    expect(site?.version).toBe(1);
    const notification = await findNotification(db, 'old', 'welcome');
    expect(notification && toNotification(notification, 'http://x/api')).toMatchObject({
      subject: 'Hi {{ name }}',
      text: 'Hello',
      html: '<p>Hello</p>',
      html_enabled: true,
      updated_at: SEEDED_AT,
      translations: {},
    });
    expect(notification?.version).toBe(3);
  });

  it('deletes a notification’s translations with it', async () => {
    const { db } = steps;
    await sql`insert into notification_translations
        (notification_id, locale, subject, text, html, based_on_subject, based_on_text, based_on_html, updated_at)
        values ('ntf_old', 'nl', 'Hoi', '', '', '', '', '', '2026-01-02T00:00:00.000Z')`.execute(
      db,
    );
    await db.deleteFrom('notifications').where('id', '=', 'ntf_old').execute();
    const left = await db.selectFrom('notification_translations').selectAll().execute();
    expect(left).toEqual([]);
  });
});

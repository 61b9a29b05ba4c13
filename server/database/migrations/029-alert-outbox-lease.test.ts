/**
 * Migration 029 on a database migrated to 028 (both engines, via TEST_ENGINE): the outbox gains
 * its lease, and a site's `log-alert` still as migration 027 wrote it learns to say "counted
 * since", while one the site edited keeps its content.
 */
import { describe, expect, it } from 'vitest';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';
import { migrateToLatest } from '../migrate';
import { HTML_027, TEXT_027 } from './029-alert-outbox-lease';
import { insertSite, useMigrationSteps } from './migration-steps.test-helper';

const steps = useMigrationSteps();

async function logAlertOf(siteId: string) {
  return steps.db
    .selectFrom('notifications')
    .select(['text', 'html', 'version'])
    .where('site_id', '=', siteId)
    .where('slug', '=', LOG_ALERT_TEMPLATE.slug)
    .executeTakeFirstOrThrow();
}

describe('migration 029 (the outbox lease, "counted since" in log-alert)', () => {
  it('updates the log-alert 027 wrote, keeps an edited one, and adds lease_until', async () => {
    const { db } = steps;
    // Sites from before 027, which writes each one's log-alert.
    await steps.migrateTo('026-alerts');
    for (const id of ['untouched', 'edited']) await insertSite(db, id);
    await steps.migrateTo('028-alert-counted-since');
    // As 027 wrote it before this change, and as a site may have made it its own.
    await db
      .updateTable('notifications')
      .set({ text: TEXT_027, html: HTML_027 })
      .where('site_id', '=', 'untouched')
      .execute();
    await db
      .updateTable('notifications')
      .set({ text: 'Our own words: {{ alert.name }}', html: HTML_027 })
      .where('site_id', '=', 'edited')
      .execute();
    const versionBefore = (await logAlertOf('untouched')).version;

    await migrateToLatest(db);

    const untouched = await logAlertOf('untouched');
    expect(untouched.text).toBe(LOG_ALERT_TEMPLATE.text);
    expect(untouched.html).toBe(LOG_ALERT_TEMPLATE.html);
    expect(untouched.text).toContain('counted since {{ alert.counted_since_time }}');
    expect(untouched.version).toBeGreaterThan(versionBefore);
    const edited = await logAlertOf('edited');
    expect(edited.text).toBe('Our own words: {{ alert.name }}');
    expect(edited.html).toBe(LOG_ALERT_TEMPLATE.html);

    const [row] = await db.selectFrom('alert_outbox').select('lease_until').limit(1).execute();
    expect(row).toBeUndefined();
  });
});

/**
 * Migration 030 on a database migrated to 029 (both engines, via TEST_ENGINE): a site's
 * `log-alert` whose html is still the built-in one gets the escaped href; one whose html the site
 * edited keeps it, its version untouched.
 */
import { describe, expect, it } from 'vitest';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';
import { migrateToLatest } from '../migrate';
import { HTML_029 } from './030-log-alert-href-escaped';
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

describe('migration 030 (the log-alert href escaped)', () => {
  it('escapes the href of the built-in html and keeps an html the site edited', async () => {
    const { db } = steps;
    // Sites from before 027, which writes each one's log-alert.
    await steps.migrateTo('026-alerts');
    for (const id of ['untouched', 'edited']) await insertSite(db, id);
    await steps.migrateTo('029-alert-outbox-lease');
    // As 029 left a site's html before this change (027 and 029 write today's built-in text on
    // a new database), and as a site may have edited it (one word).
    for (const [site, html] of [
      ['untouched', HTML_029],
      ['edited', HTML_029.replace('Open the logs', 'See the logs')],
    ] as const) {
      await db.updateTable('notifications').set({ html }).where('site_id', '=', site).execute();
    }
    const before = { untouched: await logAlertOf('untouched'), edited: await logAlertOf('edited') };

    await migrateToLatest(db);

    const untouched = await logAlertOf('untouched');
    expect(untouched.html).toBe(LOG_ALERT_TEMPLATE.html);
    expect(untouched.html).toContain('href="{{ alert.url | escape }}"');
    expect(untouched.text).toBe(before.untouched.text);
    expect(untouched.version).toBe(before.untouched.version + 1);
    expect(await logAlertOf('edited')).toEqual(before.edited);
  });
});

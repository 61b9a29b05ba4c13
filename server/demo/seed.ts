/**
 * The demo data (DEMO=1, on an empty database): sites `demo` and `acme`, with the apps, consent
 * configuration, notification templates, layout and footer snippet of `seed/` (plain domain data,
 * one file per resource), written through the repositories.
 */
import type { Kysely } from 'kysely';
import { insertApp } from '../apps/store/apps';
import { insertConsentConfig } from '../consent/store/consent';
import type { Database } from '../database/schema';
import { takeTurns, writeTransaction } from '../database/transactions';
import { insertNotification } from '../notifications/store/notifications';
import { putTranslation } from '../notifications/store/notification-translations';
import { insertLayout, updateLayout } from '../notifications/store/layouts';
import { insertSnippet, updateSnippet } from '../notifications/store/snippets';
import { createSite, setSiteLanguages } from '../site/store/sites';
import { demoApps } from './seed/apps';
import { demoConsent } from './seed/consent';
import { DEMO_FOOTER, DEMO_FOOTER_SNIPPET, DEMO_LAYOUT, DEMO_LAYOUT_SLUG } from './seed/layouts';
import { demoNotifications } from './seed/notifications';
import { DEMO_LOCALES, orderConfirmationNl, welcomeNl } from './seed/translations';

export const DEMO_SITES = [
  { id: 'demo', name: 'Demo Store' },
  { id: 'acme', name: 'Acme Corporation' },
] as const;

/** Any number, the same in every instance: the advisory lock instances seed under. */
const SEED_LOCK = 7_310_004;

/** Whether the database has no sites yet (the demo is seeded only then). */
async function isEmptyDatabase(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('sites').select('id').limit(1).executeTakeFirst();
  return row === undefined;
}

/**
 * Seeds the demo (DEMO=1) when the database has no sites yet. Instances starting together take
 * turns (writeTransaction's write lock on SQLite, an advisory lock on PostgreSQL) and look inside
 * their turn, so one seeds and the others find the sites.
 */
export async function seedDemoIfEmpty(db: Kysely<Database>): Promise<void> {
  await writeTransaction(db, async (trx) => {
    await takeTurns(trx, SEED_LOCK);
    if (await isEmptyDatabase(trx)) await insertDemo(trx, new Date());
  });
}

/** Inserts the demo sites and their data in one transaction. */
export async function seedDemo(db: Kysely<Database>, now = new Date()): Promise<void> {
  await writeTransaction(db, (trx) => insertDemo(trx, now));
}

/** Which site id each demo site gets; the demo itself uses the ids of DEMO_SITES. */
export type DemoSiteIds = Record<(typeof DEMO_SITES)[number]['id'], string>;

const DEMO_SITE_IDS: DemoSiteIds = { demo: 'demo', acme: 'acme' };

/**
 * Inserts the demo's sites and data under other ids (same names, apps, consent and templates):
 * the browser tests give each test sites of its own in one shared service (decision 058).
 */
export async function seedDemoAs(
  db: Kysely<Database>,
  ids: DemoSiteIds,
  now = new Date(),
): Promise<void> {
  await writeTransaction(db, (trx) => insertDemo(trx, now, ids));
}

async function insertDemo(trx: Kysely<Database>, now: Date, ids = DEMO_SITE_IDS): Promise<void> {
  for (const site of DEMO_SITES) await createSite(trx, ids[site.id], site.name);
  for (const { siteId, app } of demoApps(now)) await insertApp(trx, ids[siteId], app);
  await insertConsentConfig(trx, ids.demo, demoConsent(now));
  await insertDemoLayout(trx, ids.demo, now.toISOString());
  for (const { siteId, notification } of demoNotifications(now)) {
    await insertNotification(trx, ids[siteId], notification);
    if (siteId !== 'demo') continue;
    const translate =
      notification.slug === 'order-confirmation'
        ? orderConfirmationNl
        : notification.slug === 'welcome'
          ? welcomeNl
          : undefined;
    if (translate) await putTranslation(trx, notification.id, 'nl', translate(notification, now));
  }
  await setSiteLanguages(trx, ids.demo, DEMO_LOCALES);
}

/** The demo's layout and the footer snippet it renders, created as their PUTs would. */
async function insertDemoLayout(trx: Kysely<Database>, siteId: string, now: string) {
  const layout = await insertLayout(trx, siteId, DEMO_LAYOUT_SLUG, now);
  await updateLayout(trx, layout, DEMO_LAYOUT, now);
  const footer = await insertSnippet(trx, siteId, DEMO_FOOTER_SNIPPET, now);
  await updateSnippet(trx, footer, DEMO_FOOTER, now);
}

/** Sites and memberships. */
import type { Kysely } from 'kysely';
import type { Site } from '../../src/api/schemas/site';
import { nowIso } from './encoding';
import type { Database } from './schema';

export async function findSite(
  db: Kysely<Database>,
  siteId: string,
): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('sites').select(['id', 'name']).where('id', '=', siteId).executeTakeFirst();
}

export async function createSite(db: Kysely<Database>, id: string, name: string): Promise<void> {
  await db.insertInto('sites').values({ id, name, created_at: nowIso() }).execute();
}

/** The user's role on the site, or undefined when the user is not a member. */
export async function findMembershipRole(
  db: Kysely<Database>,
  userId: number,
  siteId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('memberships')
    .select('role')
    .where('user_id', '=', userId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return row?.role;
}

/** Makes the user a member of the site (keeps an existing membership as it is). */
export async function ensureMembership(
  db: Kysely<Database>,
  userId: number,
  siteId: string,
  role = 'admin',
): Promise<void> {
  await db
    .insertInto('memberships')
    .values({ user_id: userId, site_id: siteId, role, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['user_id', 'site_id']).doNothing())
    .execute();
}

export async function listSitesOfUser(db: Kysely<Database>, userId: number): Promise<Site[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('sites', 'sites.id', 'memberships.site_id')
    .select(['sites.id', 'sites.name', 'memberships.role'])
    .where('memberships.user_id', '=', userId)
    .orderBy('sites.id')
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, role: row.role }));
}

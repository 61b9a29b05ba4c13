import type { Kysely } from 'kysely';
import type { Database } from '../store/schema';
import { ensureMembership, findSite } from '../store/sites';
import { findOrCreateUser, issueToken } from '../store/tokens';
import { DEMO_SITES } from './seed';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/**
 * A fresh token for the demo admin, issued on every start (as Jupyter prints a link each time),
 * so a restarted demo is never locked out; undefined when this database has no demo site.
 */
export async function demoSignInToken(db: Kysely<Database>): Promise<string | undefined> {
  if (!(await findSite(db, 'demo'))) return undefined;
  const userId = await findOrCreateUser(db, DEMO_ADMIN_EMAIL);
  for (const site of DEMO_SITES) {
    if (await findSite(db, site.id)) await ensureMembership(db, userId, site.id);
  }
  return issueToken(db, userId);
}

/** What to run for a sign-in token when there is no demo to sign in to. */
export const TOKEN_COMMAND_HINT =
  'To sign in, create a token: npm run token -- --site SITE (see the README, "Signing in")';

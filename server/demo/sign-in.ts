import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { isPostgresUrl } from '../database/engine';
import type { Database } from '../database/schema';
import { ensureMembership, findSite } from '../site/store/sites';
import { findOrCreateUser, findTokenOwner, issueToken } from '../access/store/tokens';
import { DEMO_SITES } from './seed';

export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** How long the demo's sign-in token works (issue 29: it used to never expire). */
export const DEMO_TOKEN_DAYS = 7;
/** A kept token with less than this left is replaced, so a printed link works for a day at least. */
const RENEW_BEFORE_MS = 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoSignIn {
  token: string;
  /** ISO time when the token stops working. */
  expiresAt: string;
}

/**
 * Where the demo keeps its sign-in token between starts: beside the SQLite file, or in ./data
 * on PostgreSQL. Readable by the operator only: it signs in as the demo admin.
 */
export function demoTokenFile(databaseUrl: string): string {
  return join(isPostgresUrl(databaseUrl) ? 'data' : dirname(databaseUrl), 'demo-sign-in.token');
}

function readKept(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    // No file yet (a first start), or one we cannot read: a new token is issued.
    return undefined;
  }
}

/**
 * The demo admin's sign-in token, undefined when this database has no demo site. With
 * `tokenFile`, the token kept there is reused while it works for more than a day (issue 29: each
 * start used to mint a new never-expiring admin token); otherwise a new one, expiring in
 * DEMO_TOKEN_DAYS, is issued and kept there.
 */
export async function demoSignInToken(
  db: Kysely<Database>,
  tokenFile?: string,
): Promise<DemoSignIn | undefined> {
  if (!(await findSite(db, 'demo'))) return undefined;
  const userId = await findOrCreateUser(db, DEMO_ADMIN_EMAIL);
  for (const site of DEMO_SITES) {
    if (await findSite(db, site.id)) await ensureMembership(db, userId, site.id);
  }
  const kept = tokenFile ? readKept(tokenFile) : undefined;
  const owner = kept ? await findTokenOwner(db, kept) : undefined;
  if (
    kept &&
    owner?.userId === userId &&
    owner.expiresAt !== null &&
    Date.parse(owner.expiresAt) - Date.now() > RENEW_BEFORE_MS
  ) {
    return { token: kept, expiresAt: owner.expiresAt };
  }
  const expiresAt = new Date(Date.now() + DEMO_TOKEN_DAYS * DAY_MS).toISOString();
  const token = await issueToken(db, userId, { name: 'Demo sign-in link', expiresAt });
  if (tokenFile) {
    mkdirSync(dirname(tokenFile), { recursive: true });
    writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  }
  return { token, expiresAt };
}

/** What to run for a sign-in token when there is no demo to sign in to. */
export const TOKEN_COMMAND_HINT =
  'To sign in, create a token: npm run token -- --site SITE (see the README, "Signing in")';

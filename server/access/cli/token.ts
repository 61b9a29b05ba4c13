/**
 * `npm run token -- --site SITE [--email EMAIL] [--role viewer|editor|admin] [--name NAME]
 * [--expires-in-days N]`: creates the user if needed, makes it a member of SITE (which must
 * exist) with `--role` (admin when absent; an existing membership keeps its role), issues a new
 * personal access token and prints it alone on the last line of stdout. `--revoke ID` revokes
 * the token with that id instead (every instance refuses it within 1 s). `--create-site NAME` creates SITE first when it does not exist (the only
 * way to add a site to a database started with DEMO=0). Uses DATABASE_URL like the server and runs its migrations first; works
 * while the server runs (WAL, busy timeout).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { databaseIdSchema } from '../../../contract/schemas/common';
import { ConfigError, loadConfig } from '../../platform/config';
import { openDatabase } from '../../database/db';
import type { Db } from '../../database/schema';
import { migrateToLatest } from '../../database/migrate';
import { roleSchema } from '../../../contract/schemas/role';
import { siteIdSchema } from '../../../contract/schemas/site';
import { MAX_TOKEN_DAYS } from '../../../contract/schemas/token';
import { revokeToken } from '../store/tokens';
import { issueSiteToken } from './issue-token';

const USAGE =
  'Usage: npm run token -- --site SITE [--email EMAIL] [--role viewer|editor|admin] ' +
  '[--name NAME] [--expires-in-days N] [--create-site "Site name"]\n' +
  '       npm run token -- --revoke TOKEN_ID';

const DAY_MS = 24 * 60 * 60 * 1000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: {
    site?: string;
    email?: string;
    'create-site'?: string;
    role?: string;
    name?: string;
    'expires-in-days'?: string;
    revoke?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        site: { type: 'string' },
        email: { type: 'string', default: 'admin@example.com' },
        'create-site': { type: 'string' },
        role: { type: 'string', default: 'admin' },
        name: { type: 'string', default: 'CLI token' },
        'expires-in-days': { type: 'string' },
        revoke: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.revoke !== undefined) {
    const id = databaseIdSchema().safeParse(values.revoke);
    if (!id.success) fail(`Not a token id: "${values.revoke}"`);
    await withDatabase(async (db) => {
      if (!(await revokeToken(db, id.data))) fail(`No token ${String(id.data)} that works.`);
      console.log(`Revoked token ${String(id.data)}; every instance refuses it within 1 s.`);
    });
    return;
  }
  if (!values.site) fail(`--site is required.\n${USAGE}`);
  const role = roleSchema.safeParse(values.role);
  if (!role.success) fail(`Not a role: "${values.role ?? ''}" (viewer, editor or admin)`);
  const name = values.name?.trim() ?? '';
  if (!name || name.length > 100) fail('--name needs 1 to 100 characters.');
  let expiresAt: string | null = null;
  if (values['expires-in-days'] !== undefined) {
    const days = z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_TOKEN_DAYS)
      .safeParse(values['expires-in-days']);
    if (!days.success)
      fail(`--expires-in-days is a whole number from 1 to ${String(MAX_TOKEN_DAYS)}.`);
    expiresAt = new Date(Date.now() + days.data * DAY_MS).toISOString();
  }
  const siteId = siteIdSchema.safeParse(values.site);
  if (!siteId.success)
    fail(`Not a site id: "${values.site}" (${siteId.error.issues[0]?.message ?? ''})`);
  const newSiteName = values['create-site']?.trim();
  if (values['create-site'] !== undefined && !newSiteName) fail('--create-site needs a name.');
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) fail(`Not an e-mail address: ${values.email ?? ''}`);

  await withDatabase(async (db, databaseUrl) => {
    const result = await issueSiteToken(db, {
      siteId: siteId.data,
      email: email.data,
      role: role.data,
      name,
      expiresAt,
      createSiteName: newSiteName,
    });
    const { site, token } = result;
    if (!site) {
      const known = await db.selectFrom('sites').select('id').orderBy('id').execute();
      fail(
        `Unknown site "${values.site}" in ${databaseUrl}. ` +
          (known.length > 0
            ? `Known sites: ${known.map((row) => row.id).join(', ')}.`
            : 'The database has no sites yet.') +
          ' Pass --create-site "Site name" to create it.',
      );
    }
    if (result.created) console.log(`Created site ${site.id} (${newSiteName ?? ''}).`);
    const expiry = expiresAt ? `expires ${expiresAt}` : 'never expires';
    console.log(
      `New token "${name}" for ${email.data} on site ${site.id} (${expiry}; shown only once):`,
    );
    console.log(token);
  });
}

/** Opens DATABASE_URL, migrated, for `fn`, and closes it after. */
async function withDatabase(fn: (db: Db, databaseUrl: string) => Promise<void>): Promise<void> {
  let databaseUrl: string;
  try {
    databaseUrl = loadConfig().DATABASE_URL;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const db = openDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    await fn(db, databaseUrl);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * `npm run token -- --site SITE [--email EMAIL]`: creates the user if needed, makes it a member
 * of SITE (which must exist), issues a new personal access token and prints it alone on the
 * last line of stdout. `--create-site NAME` creates SITE first when it does not exist (the only
 * way to add a site to a database started with DEMO=0). Uses DATABASE_URL like the server and runs its migrations first; works
 * while the server runs (WAL, busy timeout).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../store/db';
import { migrateToLatest } from '../store/migrate';
import { writeTransaction } from '../store/transactions';
import { siteIdSchema } from '../../src/api/schemas/site';
import { createSite, ensureMembership, findSite } from '../store/sites';
import { findOrCreateUser, issueToken } from '../store/tokens';

const USAGE = 'Usage: npm run token -- --site SITE [--email EMAIL] [--create-site "Site name"]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: { site?: string; email?: string; 'create-site'?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        site: { type: 'string' },
        email: { type: 'string', default: 'admin@example.com' },
        'create-site': { type: 'string' },
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
  if (!values.site) fail(`--site is required.\n${USAGE}`);
  const siteId = siteIdSchema.safeParse(values.site);
  if (!siteId.success)
    fail(`Not a site id: "${values.site}" (${siteId.error.issues[0]?.message ?? ''})`);
  const newSiteName = values['create-site']?.trim();
  if (values['create-site'] !== undefined && !newSiteName) fail('--create-site needs a name.');
  const email = z.email().safeParse(values.email?.trim());
  if (!email.success) fail(`Not an e-mail address: ${values.email ?? ''}`);

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
    const result = await writeTransaction(db, async (trx) => {
      let created = false;
      if (newSiteName && !(await findSite(trx, siteId.data))) {
        await createSite(trx, siteId.data, newSiteName);
        created = true;
      }
      const site = await findSite(trx, siteId.data);
      if (!site) return { site: undefined, created, token: '' };
      const userId = await findOrCreateUser(trx, email.data);
      await ensureMembership(trx, userId, site.id);
      return { site, created, token: await issueToken(trx, userId) };
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
    console.log(`New token for ${email.data} on site ${site.id} (it is shown only once):`);
    console.log(token);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

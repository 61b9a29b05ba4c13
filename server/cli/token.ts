/**
 * `npm run token -- --site SITE [--email EMAIL]`: creates the user if needed, makes it a member
 * of SITE (which must exist), issues a new personal access token and prints it alone on the
 * last line of stdout. Uses DATABASE_URL like the server and runs its migrations first; works
 * while the server runs (WAL, busy timeout).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase, writeTransaction } from '../store/db';
import { ensureMembership, findSite } from '../store/sites';
import { findOrCreateUser, issueToken } from '../store/tokens';

const USAGE = 'Usage: npm run token -- --site SITE [--email EMAIL]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: { site?: string; email?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        site: { type: 'string' },
        email: { type: 'string', default: 'admin@example.com' },
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
    const site = await findSite(db, values.site);
    if (!site) {
      const known = await db.selectFrom('sites').select('id').orderBy('id').execute();
      fail(
        `Unknown site "${values.site}" in ${databaseUrl}. ` +
          (known.length > 0
            ? `Known sites: ${known.map((row) => row.id).join(', ')}.`
            : 'The database has no sites yet (start the server with DEMO=1 to create the demo).'),
      );
    }
    const token = await writeTransaction(db, async (trx) => {
      const userId = await findOrCreateUser(trx, email.data);
      await ensureMembership(trx, userId, site.id);
      return issueToken(trx, userId);
    });
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

// Members of the demo site other than the fixture's admin, made by the real `token` command, and
// signing in with their tokens as a sign-in link would.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, type TestServer } from './fixtures';

const run = promisify(execFile);
const TSX = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** A member of demo with `role` (admin, the command's default, when absent); answers its token. */
export async function memberToken(
  server: TestServer,
  email: string,
  role?: 'viewer' | 'editor' | 'admin',
): Promise<string> {
  const roleArgs = role ? ['--role', role] : [];
  const { stdout } = await run(
    process.execPath,
    [TSX, 'server/access/cli/token.ts', '--site', 'demo', '--email', email, ...roleArgs],
    { env: { ...process.env, DATABASE_URL: server.dbPath } },
  );
  return stdout.trim().split('\n').at(-1) ?? '';
}

export async function signInWith(page: Page, token: string): Promise<void> {
  await page.goto(`/#token=${token}&site=demo`);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

// Members of the test's demo site other than the fixture's admin, made in-process by the `token`
// command's code (e2e/fixtures.ts), and signing in with their tokens as a sign-in link would.
import type { Page } from '@playwright/test';
import { expect, type TestServer } from './fixtures';

/**
 * A member of the test's demo site with `role` (admin, the command's default, when absent);
 * answers its token. The address is stored as the test's own (`server.email(email)`).
 */
export async function memberToken(
  server: TestServer,
  email: string,
  role?: 'viewer' | 'editor' | 'admin',
): Promise<string> {
  return server.token('demo', { email, role: role ?? 'admin' });
}

/** Signs in with `token` on the test's demo site, as a sign-in link would. */
export async function signInWith(page: Page, server: TestServer, token: string): Promise<void> {
  await page.goto(`/#token=${token}&site=${server.sites.demo}`);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

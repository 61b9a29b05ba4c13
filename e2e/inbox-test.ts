// The e2e test of the Test inbox (issue 39): the real service without SMTP_URL, pointed at the
// spamd that scripts/ensure-spamd.sh starts (or TEST_SPAMD_ADDRESS), so a test send arrives in
// the service's own inbox with SpamAssassin's score.
import { execFileSync } from 'node:child_process';
import { test } from './fixtures';

export const inboxTest = test.extend<{ spamd: string }>({
  spamd: async ({}, use) => {
    const address = execFileSync('bash', ['scripts/ensure-spamd.sh'], { encoding: 'utf8' }).trim();
    if (!address) throw new Error('No spamd: run as root, or set TEST_SPAMD_ADDRESS');
    await use(address);
  },
  serverEnv: async ({ spamd }, use) => {
    await use({ SPAMD_ADDRESS: spamd });
  },
});

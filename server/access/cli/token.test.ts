import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberListSchema } from '../../../contract/schemas/member';
import { siteListSchema } from '../../../contract/schemas/site';
import { tokenListSchema } from '../../../contract/schemas/token';
import { startDemoLogGenerator } from '../../demo/log-generator';
import { bundleCommands, type BundledCommands } from '../../platform/bundled-commands.test-helper';
import { startTestApi, type TestApi } from '../../platform/test-support.test-helper';

let api: TestApi;
let commands: BundledCommands;

/**
 * Each test runs the command as a process once to three times: a few tenths of a second of CPU
 * from the bundle, whose wall time grows with the machine's load. The timeout only ends a hung
 * test; no assertion here is about speed.
 */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  [api, commands] = await Promise.all([startTestApi(), bundleCommands()]);
}, PROCESS_TEST_TIMEOUT_MS);
afterAll(async () => {
  await api.close();
  commands.dispose();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI as a separate process, as `npm run token` does: its bundle with plain `node` (a
 * tsx start compiled the TypeScript each time, past the test's timeout on a busy machine).
 */
function runTokenCli(args: string[], databaseUrl: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...commands.token, ...args], {
      cwd: commands.root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

describe('npm run token', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('issues a token for a new user on a database the server has open', async () => {
    const run = await runTokenCli(
      ['--site', 'acme', '--email', 'ops@example.com'],
      api.databaseUrl,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const token = lastLine(run.stdout);
    expect(token).toMatch(/^scs_[0-9A-Za-z]{40}$/);

    // The running server accepts it at once, for that site only.
    const sites = await api.request('GET', '/sites', { token, site: null });
    expect(siteListSchema.parse(sites.json).map((site) => site.id)).toEqual(['acme']);
    expect((await api.request('GET', '/apps', { token, site: 'acme' })).status).toBe(200);
    expect((await api.request('GET', '/apps', { token, site: 'demo' })).status).toBe(403);
  });

  it('defaults to admin@example.com and issues a new token each time', async () => {
    const [first, second] = await Promise.all([
      runTokenCli(['--site', 'demo'], api.databaseUrl),
      runTokenCli(['--site', 'demo'], api.databaseUrl),
    ]);
    expect(first.code).toBe(0);
    expect(lastLine(first.stdout)).not.toBe(lastLine(second.stdout));
    expect(first.stdout).toContain('admin@example.com');
    const res = await api.request('GET', '/apps', { token: lastLine(second.stdout) });
    expect(res.status).toBe(200);
  });

  it('creates a new site with --create-site', async () => {
    const run = await runTokenCli(
      ['--site', 'beta-shop', '--email', 'beta@example.com', '--create-site', 'Beta Shop'],
      api.databaseUrl,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created site beta-shop');
    const token = lastLine(run.stdout);
    const sites = await api.request('GET', '/sites', { token, site: null });
    expect(sites.json).toEqual([{ id: 'beta-shop', name: 'Beta Shop', role: 'admin' }]);
    const bad = await runTokenCli(['--site', 'Not A Site!', '--create-site', 'X'], api.databaseUrl);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Not a site id');
  });

  it('works while the server is writing logs to the same database', async () => {
    const stop = startDemoLogGenerator(api.db, api.app.logNotifier);
    try {
      const runs = await Promise.all([
        runTokenCli(['--site', 'demo', '--email', 'a@example.com'], api.databaseUrl),
        runTokenCli(['--site', 'demo', '--email', 'b@example.com'], api.databaseUrl),
      ]);
      for (const run of runs) {
        expect(run.code).toBe(0);
        expect(lastLine(run.stdout)).toMatch(/^scs_[0-9A-Za-z]{40}$/);
      }
    } finally {
      await stop();
    }
  });

  it('fails with a clear message and exit code 1 for an unknown site or missing --site', async () => {
    const [unknown, missing] = await Promise.all([
      runTokenCli(['--site', 'nowhere'], api.databaseUrl),
      runTokenCli([], api.databaseUrl),
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown site "nowhere"');
    expect(unknown.stderr).toMatch(/Known sites: .*acme.*demo/);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('--create-site');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--site');
  });

  it('makes a viewer with --role viewer, names the token and sets its expiry', async () => {
    const run = await runTokenCli(
      [
        '--site',
        'demo',
        '--email',
        'viewer-cli@example.com',
        '--role',
        'viewer',
        '--name',
        'Laptop',
        '--expires-in-days',
        '7',
      ],
      api.databaseUrl,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/"Laptop".*expires 20/);
    const token = lastLine(run.stdout);
    const members = memberListSchema.parse((await api.request('GET', '/members')).json);
    expect(members.find((m) => m.email === 'viewer-cli@example.com')?.role).toBe('viewer');
    const write = await api.request('PATCH', '/settings/site', { token, body: { name: 'X' } });
    expect(write.status).toBe(403);
    const tokens = tokenListSchema.parse(
      (await api.request('GET', '/tokens', { token, site: null })).json,
    );
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.name).toBe('Laptop');
    const days = (Date.parse(tokens[0]?.expires_at ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('revokes a token with --revoke: the running server refuses it within 1 s', async () => {
    const issued = await runTokenCli(
      ['--site', 'acme', '--email', 'rev@example.com'],
      api.databaseUrl,
    );
    const token = lastLine(issued.stdout);
    expect((await api.request('GET', '/sites', { token, site: null })).status).toBe(200);
    const id = tokenListSchema.parse(
      (await api.request('GET', '/tokens', { token, site: null })).json,
    )[0]?.id;
    const run = await runTokenCli(['--revoke', String(id)], api.databaseUrl);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const deadline = Date.now() + 1000;
    for (;;) {
      const status = (await api.request('GET', '/sites', { token, site: null })).status;
      if (status === 401) break;
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const again = await runTokenCli(['--revoke', String(id)], api.databaseUrl);
    expect(again.code).toBe(1);
  });

  it('refuses an unknown role or a bad expiry with exit code 1', async () => {
    const [role, days] = await Promise.all([
      runTokenCli(['--site', 'demo', '--role', 'owner'], api.databaseUrl),
      runTokenCli(['--site', 'demo', '--expires-in-days', '0'], api.databaseUrl),
    ]);
    expect(role.code).toBe(1);
    expect(role.stderr).toContain('Not a role');
    expect(days.code).toBe(1);
    expect(days.stderr).toContain('--expires-in-days');
  });
});

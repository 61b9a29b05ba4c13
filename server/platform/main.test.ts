import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogListWireSchema } from '../../contract/wire/app-log';
import { openDatabase } from '../database/db';
import { bundleCommands, type BundledCommands } from './bundled-commands.test-helper';

const dir = mkdtempSync(join(tmpdir(), 'site-console-main-'));
const children = new Set<ChildProcessWithoutNullStreams>();
let commands: BundledCommands | undefined;

/**
 * Each test starts the service as a process once or twice: about 1 s of CPU from the bundle
 * (2.5 s through tsx), whose wall time grows with the machine's load (15 s at load 36). The
 * timeout only ends a hung test; no assertion here is about speed.
 */
const PROCESS_TEST_TIMEOUT_MS = 120_000;
/** A wait on a line the process prints or on its first logs: a hang guard too (not 1 s). */
const UNTIL_PRINTED = { timeout: 60_000 };

beforeAll(async () => {
  commands = await bundleCommands();
}, PROCESS_TEST_TIMEOUT_MS);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  commands?.dispose();
});

/** The service as a process of its own: the bundle of main.ts run by plain `node`. */
function spawnService(env: Record<string, string>): ChildProcessWithoutNullStreams {
  if (!commands) throw new Error('The service is not bundled yet');
  return spawn(process.execPath, commands.service, {
    cwd: commands.root,
    env: { ...process.env, ...env },
  });
}

interface Started {
  child: ChildProcessWithoutNullStreams;
  lines: string[];
  baseUrl: string;
}

/** Starts `server/platform/main.ts` as `npm start` does (without the build) on a free port. */
function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawnService({
    PORT: '0',
    HOST: '127.0.0.1',
    STATIC_DIR: join(dir, 'no-dist'),
    ...env,
  });
  children.add(child);
  const lines: string[] = [];
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      lines.push(...parts);
      const listening = lines.find((line) => line.startsWith('Site Console on '));
      if (listening) {
        const baseUrl = /http:\/\/\S+/.exec(listening)?.[0] ?? '';
        resolve({ child, lines, baseUrl });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

function stop(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

describe('server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  const databaseUrl = join(dir, 'data', 'console.db');

  it('seeds the demo on first start, prints one sign-in line, writes demo logs, closes on SIGTERM', async () => {
    const { child, lines, baseUrl } = await startServer({ DATABASE_URL: databaseUrl });
    // The sign-in line is printed right after the listening line.
    await expect
      .poll(() => lines.some((line) => line.startsWith('Sign in: ')), UNTIL_PRINTED)
      .toBe(true);
    const signIn = lines.filter((line) => line.startsWith('Sign in: '));
    expect(signIn).toHaveLength(1);
    const match =
      /^Sign in: (http:\/\/127\.0\.0\.1:\d+)\/#token=(scs_[0-9A-Za-z]{40})&site=demo \(the token expires (\S+);/.exec(
        signIn[0] ?? '',
      );
    expect(match?.[1]).toBe(baseUrl);
    const token = match?.[2] ?? '';
    // Issue 29: the printed token expires, in a week.
    const days = (Date.parse(match?.[3] ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const headers = { authorization: `Bearer ${token}`, 'x-service-site': 'demo' };
    const apps = await fetch(`${baseUrl}/api/apps`, { headers });
    expect(apps.status).toBe(200);
    // The generator's first burst goes to the storefront app through the ingestion path.
    await expect
      .poll(async () => {
        const res = await fetch(`${baseUrl}/api/apps/storefront/logs?limit=200`, { headers });
        return appLogListWireSchema.parse(await res.json()).length;
      }, UNTIL_PRINTED)
      .toBeGreaterThan(100);
    expect(await stop(child)).toBe(0);
  });

  it('does not seed again on a database that has data, and reuses the sign-in link while it works', async () => {
    const first = await startServer({ DATABASE_URL: databaseUrl, DEMO_LOGS: '0' });
    await expect
      .poll(() => first.lines.some((line) => line.startsWith('Sign in: ')), UNTIL_PRINTED)
      .toBe(true);
    const firstLink = first.lines.find((line) => line.startsWith('Sign in: '));
    const token = /#token=(scs_\w+)/.exec(firstLink ?? '')?.[1] ?? '';
    const headers = { authorization: `Bearer ${token}`, 'x-service-site': 'demo' };
    const notifications = await fetch(`${first.baseUrl}/api/notifications`, { headers });
    // Seeded once: still the demo's six templates and the built-in log-alert, not two of each.
    expect(((await notifications.json()) as unknown[]).length).toBe(7);
    expect(await stop(first.child)).toBe(0);

    const second = await startServer({ DATABASE_URL: databaseUrl, DEMO_LOGS: '0' });
    await expect
      .poll(() => second.lines.some((line) => line.startsWith('Sign in: ')), UNTIL_PRINTED)
      .toBe(true);
    // Issue 29: no new admin token each start; the kept one is printed again.
    const secondLink = second.lines.find((line) => line.startsWith('Sign in: '));
    expect(/#token=(scs_\w+)/.exec(secondLink ?? '')?.[1]).toBe(token);
    expect(await stop(second.child)).toBe(0);
    const db = openDatabase(databaseUrl);
    try {
      const working = await db
        .selectFrom('access_tokens')
        .select('id')
        .where('revoked_at', 'is', null)
        .execute();
      // The first test's start and this one's share one token.
      expect(working).toHaveLength(1);
    } finally {
      await db.destroy();
    }
  });

  it('without the demo prints the command that makes a sign-in token', async () => {
    const { child, lines } = await startServer({
      DATABASE_URL: join(dir, 'data', 'empty.db'),
      DEMO: '0',
    });
    await expect
      .poll(() => lines.find((line) => line.includes('npm run token')), UNTIL_PRINTED)
      .toMatch(/npm run token -- --site SITE/);
    expect(lines.some((line) => line.startsWith('Sign in: '))).toBe(false);
    expect(await stop(child)).toBe(0);
  });

  it('prints how many log entries retention pruned', async () => {
    // The first start wrote demo logs; with a retention of about a second they are all due.
    const { child, lines } = await startServer({
      DATABASE_URL: databaseUrl,
      DEMO_LOGS: '0',
      LOG_RETENTION_DAYS: '0.00001',
    });
    await expect
      .poll(() => lines.find((line) => /^Pruned \d+ log entries/.test(line)), UNTIL_PRINTED)
      .toMatch(/^Pruned [1-9]\d* log entries older than 0\.00001 days$/);
    expect(await stop(child)).toBe(0);
  });

  it('exits 1 naming the variable when the configuration is invalid', async () => {
    const child = spawnService({ PORT: 'eighty', DATABASE_URL: ':memory:' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
  });
});

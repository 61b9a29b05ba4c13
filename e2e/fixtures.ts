// Browser-test fixtures: every test gets the real service as a child process on its own fresh
// SQLite file seeded with the demo (demo log generator off, so apps stay quiet), serving the
// built dashboard. Tokens come from the real `token` command.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { SERVICE_NODE_FLAGS } from '../server/node-flags';
import { freePort, waitUntilHealthy } from '../server/reliability/service-process';

export { expect };

const run = promisify(execFile);
const ROOT = process.cwd();
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export interface TestServer {
  baseURL: string;
  apiURL: string;
  dbPath: string;
  /** Stops the service and starts it again on the same port and database. */
  restart(): Promise<void>;
  /** A token for SITE issued by `npm run token` (cached per test). */
  token(site?: string): Promise<string>;
}

export type ApiFetch = (path: string, init?: RequestInit & { site?: string }) => Promise<Response>;

export const test = base.extend<{
  /** Extra environment of the service, e.g. `SMTP_URL` (override it with a fixture). */
  serverEnv: Record<string, string>;
  server: TestServer;
  api: ApiFetch;
  signIn: (page: Page, site?: string) => Promise<void>;
}>({
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use) => {
    const dir = mkdtempSync(join(tmpdir(), 'site-console-e2e-'));
    const dbPath = join(dir, 'site-console.db');
    const port = await freePort();
    const env = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: dbPath,
      DEMO: '1',
      DEMO_LOGS: '0',
      STATIC_DIR: join(ROOT, 'dist'),
      ...serverEnv,
    };
    let child: ChildProcess | undefined;
    let log = '';
    const start = async () => {
      log = '';
      const started = spawn(process.execPath, [TSX, ...SERVICE_NODE_FLAGS, 'server/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      started.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
      started.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child = started;
      await waitUntilHealthy(`http://127.0.0.1:${port}/api`, started, () => log);
    };
    const stop = () =>
      new Promise<void>((resolve) => {
        const current = child;
        if (!current || current.exitCode !== null || current.signalCode !== null) {
          resolve();
          return;
        }
        current.once('exit', () => resolve());
        current.kill('SIGTERM');
      });
    const tokens = new Map<string, string>();

    await start();
    await use({
      baseURL: `http://127.0.0.1:${port}`,
      apiURL: `http://127.0.0.1:${port}/api`,
      dbPath,
      restart: async () => {
        await stop();
        await start();
      },
      token: async (site = 'demo') => {
        const cached = tokens.get(site);
        if (cached) return cached;
        const { stdout } = await run(
          process.execPath,
          [TSX, 'server/cli/token.ts', '--site', site],
          {
            cwd: ROOT,
            env,
          },
        );
        const token = stdout.trim().split('\n').at(-1) ?? '';
        if (!/^scs_[A-Za-z0-9]{40}$/.test(token))
          throw new Error(`Unexpected token output: ${stdout}`);
        tokens.set(site, token);
        return token;
      },
    });
    await stop();
    rmSync(dir, { recursive: true, force: true });
  },

  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },

  api: async ({ server }, use) => {
    await use(async (path, init = {}) => {
      const { site = 'demo', headers, ...rest } = init;
      const token = await server.token(site);
      return fetch(`${server.apiURL}${path}`, {
        ...rest,
        headers: {
          Authorization: `Bearer ${token}`,
          'X-Service-Site': site,
          ...(rest.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(headers as Record<string, string> | undefined),
        },
      });
    });
  },

  signIn: async ({ server }, use) => {
    await use(async (page, site = 'demo') => {
      const token = await server.token(site);
      await page.goto(`/#token=${encodeURIComponent(token)}&site=${encodeURIComponent(site)}`);
      await expect(page).not.toHaveURL(/token=/);
      await expect(page).not.toHaveURL(/\/sign-in/);
    });
  },
});

// Browser-test fixtures: every test gets the real service as a child process on its own fresh
// SQLite file seeded with the demo (demo log generator off, so apps stay quiet), serving the
// built dashboard. Tokens come from the real `token` command.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { SERVICE_NODE_FLAGS } from '../server/platform/node-flags';
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

/**
 * The browser's own line for an HTTP error status ("Failed to load resource: the server responded
 * with a status of 412"): the protocol at work (412, 422, 401 are answers the dashboard handles),
 * not a fault of the page. Every other console error fails the test.
 */
const BROWSER_STATUS_LINE = /^Failed to load resource: the server responded with a status of \d{3}/;

/**
 * The e-mail frames (preview, canvas, History's versions) are `srcdoc` frames sandboxed without
 * `allow-scripts` and under the dashboard's CSP on purpose: nothing of an e-mail may run or open.
 * Chromium logs each refusal (a script, an inline handler, a `javascript:` URL, a popup) with the
 * dashboard's address, not the frame's; tests write such templates on purpose, and Playwright's
 * and axe's own evaluation in those frames meets the sandbox too. The dashboard itself has no
 * inline script, handler or `javascript:` URL (React adds its handlers with addEventListener, the
 * built index.html has no inline script), so these lines can only come from an e-mail's content:
 * the protection working, not a fault of the page.
 */
const E_MAIL_FRAME_REFUSAL = [
  /^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/,
  /^(Executing inline event handler|Running the JavaScript URL|Executing inline script) violates the following Content Security Policy directive 'script-src 'self''/,
  /^Blocked opening '.*' in a new window because the request was made in a sandboxed frame/,
];

export const test = base.extend<{
  /** Extra environment of the service, e.g. `SMTP_URL` (override it with a fixture). */
  serverEnv: Record<string, string>;
  /**
   * Console errors a test provokes on purpose (`test.use({ allowedConsoleErrors: [/…/] })`),
   * each with a comment saying why.
   */
  allowedConsoleErrors: RegExp[];
  /** Fails the test on any `console.error` or uncaught page error not allowed above. */
  noConsoleErrors: undefined;
  server: TestServer;
  api: ApiFetch;
  signIn: (page: Page, site?: string) => Promise<void>;
}>({
  serverEnv: [{}, { option: true }],
  allowedConsoleErrors: [[], { option: true }],
  noConsoleErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const allowed = (text: string) =>
        BROWSER_STATUS_LINE.test(text) ||
        E_MAIL_FRAME_REFUSAL.some((re) => re.test(text)) ||
        allowedConsoleErrors.some((re) => re.test(text));
      context.on('console', (message) => {
        if (message.type() === 'error' && !allowed(message.text())) {
          errors.push(`console.error on ${message.page()?.url() ?? '?'}: ${message.text()}`);
        }
      });
      context.on('weberror', (error) => {
        const text = String(error.error());
        if (!allowed(text)) errors.push(`page error on ${error.page()?.url() ?? '?'}: ${text}`);
      });
      await use(undefined);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
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
      const started = spawn(
        process.execPath,
        [TSX, ...SERVICE_NODE_FLAGS, 'server/platform/main.ts'],
        {
          cwd: ROOT,
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
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
          [TSX, 'server/access/cli/token.ts', '--site', site],
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

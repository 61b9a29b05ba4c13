// Browser-test fixtures (decision 058). Each Playwright worker runs ONE service (the server built
// once by global setup, run with plain `node`, DEMO off, demo log generator off) on a SQLite file
// of its own, serving the built dashboard. Tests are kept apart by data, not by process: each
// test gets its own sites, seeded with the demo data in-process through the seed's code
// (`sites.demo`, `sites.acme`: the demo's `demo` and `acme`), its own users (`server.email()`)
// and tokens minted in-process through the `token` command's code.
//
// A test that needs a process of its own (a restart, an environment of its own such as an SMTP
// sink) says `test.use({ ownServer: true })` or sets `serverEnv`: it gets today's model, a
// service on a fresh copy of the demo database whose sites are literally `demo` and `acme`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '../contract/schemas/role';
import { issueSiteToken } from '../server/access/cli/issue-token';
import { seedDemoAs, type DemoSiteIds } from '../server/demo/seed';
import { SERVICE_NODE_FLAGS } from '../server/platform/node-flags';
import { freePort, waitUntilHealthy } from '../server/reliability/service-process';
import { openDatabase } from '../server/database/db';
import type { Db } from '../server/database/schema';
import { copyDatabase, DEMO_TEMPLATE, MIGRATED_TEMPLATE, SERVICE_ENTRY } from './service-build';

export { expect };

const ROOT = process.cwd();

/** The demo's sites by their demo names (`demo`, `acme`) and the ids this test has them under. */
export type TestSites = DemoSiteIds;

/** A site by its demo name (mapped to this test's site) or by its own id. */
export type SiteName = keyof TestSites | (string & {});

export interface TokenOptions {
  /** The user's address as the test writes it (`server.email` makes it this test's own). */
  email?: string;
  /** Role of a new membership (admin when absent; an existing membership keeps its role). */
  role?: Role;
  /** The token's name ("CLI token" like the command's). */
  name?: string;
}

export interface TestServer {
  baseURL: string;
  apiURL: string;
  /** The service's SQLite file. Shared by the tests of a worker: touch only this test's sites. */
  dbPath: string;
  /** This test's sites. */
  sites: TestSites;
  /** Whether this test has a process of its own (`ownServer`, `serverEnv`). */
  ownProcess: boolean;
  /** Stops the service and starts it again on the same port and database (own process only). */
  restart(): Promise<void>;
  /**
   * A token for SITE (`demo` when absent) for the test's admin, or for `options.email` with
   * `options.role`, minted in-process by the `token` command's code. The admin's token per site
   * is cached for the test.
   */
  token(site?: SiteName, options?: TokenOptions): Promise<string>;
  /**
   * This test's own form of an address: users are shared by the tests of a service, so
   * `admin@example.com` is stored as `admin@w0t3.example.com` (unchanged in an own process).
   * Assert on what this answers where a page shows an address.
   */
  email(address: string): string;
  /** The site id of SITE (`demo` → this test's demo site). */
  site(site?: SiteName): string;
}

export type ApiFetch = (
  path: string,
  init?: RequestInit & { site?: SiteName },
) => Promise<Response>;

/** The address the fixture's admin has in the tests (before `server.email`). */
export const ADMIN_EMAIL = 'admin@example.com';

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

/**
 * The environment of every e2e service. Its tests share one client address, so the failed-auth
 * limit per address (10 a minute in production) is raised: tests that provoke 401s on purpose
 * must not make another test's requests 429. The limiter itself is the production one.
 */
const SERVICE_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  DEMO_LOGS: '0',
  STATIC_DIR: join(ROOT, 'dist'),
  AUTH_FAILURES_PER_MINUTE: '100000',
};

/** A running service process on a SQLite file of its own, and a connection to that file. */
interface ServiceProcess {
  baseURL: string;
  apiURL: string;
  dbPath: string;
  /** The test process's connection to the service's file (WAL: both write, taking turns). */
  db: Db;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the built service on a copy of `template` with `env` on top of SERVICE_ENV. */
async function startService(
  template: string,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'site-console-e2e-'));
  const dbPath = join(dir, 'site-console.db');
  copyDatabase(template, dbPath);
  const port = await freePort();
  const childEnv = {
    ...process.env,
    ...SERVICE_ENV,
    PORT: String(port),
    DATABASE_URL: dbPath,
    ...env,
  };
  let child: ChildProcess | undefined;
  let log = '';
  const start = async () => {
    log = '';
    const started = spawn(process.execPath, [...SERVICE_NODE_FLAGS, SERVICE_ENTRY], {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child = started;
    await waitUntilHealthy(`http://127.0.0.1:${port}/api`, started, () => log);
  };
  const stopProcess = () =>
    new Promise<void>((resolve) => {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) {
        resolve();
        return;
      }
      current.once('exit', () => resolve());
      current.kill('SIGTERM');
    });
  await start();
  const db = openDatabase(dbPath);
  return {
    baseURL: `http://127.0.0.1:${port}`,
    apiURL: `http://127.0.0.1:${port}/api`,
    dbPath,
    db,
    restart: async () => {
      await stopProcess();
      await start();
    },
    stop: async () => {
      await db.destroy();
      await stopProcess();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * `admin@example.com` → `admin@TAG.example.com`: the tag goes in the domain, so the name the
 * service derives from the local part (`admin`) stays what the tests read.
 */
function taggedEmail(address: string, tag: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) throw new Error(`Not an address: ${address}`);
  return `${address.slice(0, at + 1)}${tag}.${address.slice(at + 1)}`;
}

/** Where the dashboard keeps its connection (src/session/connection-store.ts). */
const CONNECTION_KEY = 'site-console.connection';
const LAST_CONNECTION_KEY = 'site-console.last';
/** A page of the service's origin that the test answers itself: nothing of the dashboard loads. */
const STORAGE_PAGE = '/__e2e-storage';

/**
 * Leaves the connection in PAGE's storage as the sign-in page's `setConnection` does after a
 * sign-in by link: the connection, and the last API URL and site without the token. Storage is
 * per origin, so the page visits an empty document of the service's origin, answered by the
 * test (no request reaches the service), and writes it there; the dashboard reads it at its
 * next load. Every page of the browser context shares it.
 */
async function storeConnection(
  page: Page,
  origin: string,
  connection: { baseUrl: string; token: string; site: string },
): Promise<void> {
  const url = `${origin}${STORAGE_PAGE}`;
  await page.route(url, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>storage</title>' }),
  );
  await page.goto(url);
  await page.evaluate(
    ({ keys, connection }) => {
      localStorage.setItem(keys.connection, JSON.stringify(connection));
      localStorage.setItem(
        keys.last,
        JSON.stringify({ baseUrl: connection.baseUrl, site: connection.site, fromLink: false }),
      );
    },
    { keys: { connection: CONNECTION_KEY, last: LAST_CONNECTION_KEY }, connection },
  );
  await page.unroute(url);
}

/** Tests started by this worker so far: the tag of each test's sites and users. */
let testsInWorker = 0;

export const test = base.extend<
  {
    /**
     * Extra environment of the service, e.g. `SMTP_URL` (override it with a fixture). Setting
     * any gives the test a process of its own.
     */
    serverEnv: Record<string, string>;
    /**
     * A service process of the test's own (`test.use({ ownServer: true })`): for a restart, or
     * anything else per process rather than per site. Say why in a comment where you use it.
     */
    ownServer: boolean;
    /**
     * Console errors a test provokes on purpose (`test.use({ allowedConsoleErrors: [/…/] })`),
     * each with a comment saying why.
     */
    allowedConsoleErrors: RegExp[];
    /** Fails the test on any `console.error` or uncaught page error not allowed above. */
    noConsoleErrors: undefined;
    server: TestServer;
    /** This test's sites (`sites.demo`, `sites.acme`): the ids to put in URLs and headers. */
    sites: TestSites;
    api: ApiFetch;
    /**
     * Signs PAGE in as this test's admin of SITE (`demo` when absent) by putting the connection
     * in the browser's storage, where a sign-in leaves it, and opens the dashboard (the Apps
     * page, where a sign-in lands). With `{ open: false }` no page of the dashboard is opened:
     * the test's own `page.goto` is the first load, signed in. The sign-in form and link
     * themselves are walked where they are the subject: shell.spec.ts (form and link),
     * site-links.spec.ts and roles-tokens.spec.ts (links), `signInWith` of members.ts.
     */
    signIn: (page: Page, site?: SiteName, options?: { open?: boolean }) => Promise<void>;
  },
  { workerService: ServiceProcess }
>({
  serverEnv: [{}, { option: true }],
  ownServer: [false, { option: true }],
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

  // Started with the worker, under a budget of its own (not the first test's): on a busy machine
  // a start takes seconds. A worker whose tests all have their own process starts it unused.
  workerService: [
    async ({}, use) => {
      const service = await startService(MIGRATED_TEMPLATE, { DEMO: '0' });
      await use(service);
      await service.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  server: async ({ serverEnv, ownServer, workerService }, use, testInfo) => {
    const ownProcess = ownServer || Object.keys(serverEnv).length > 0;
    let service: ServiceProcess;
    let sites: TestSites;
    let email: (address: string) => string;
    if (ownProcess) {
      // Today's model: the demo database of its own, sites literally `demo` and `acme`.
      service = await startService(DEMO_TEMPLATE, { DEMO: '1', ...serverEnv });
      sites = { demo: 'demo', acme: 'acme' };
      email = (address) => address;
    } else {
      service = workerService;
      testsInWorker += 1;
      const tag = `w${String(testInfo.workerIndex)}t${String(testsInWorker)}`;
      sites = { demo: `demo-${tag}`, acme: `acme-${tag}` };
      await seedDemoAs(service.db, sites);
      email = (address) => taggedEmail(address, tag);
    }
    const site = (name: SiteName = 'demo'): string =>
      name === 'demo' ? sites.demo : name === 'acme' ? sites.acme : name;
    const adminTokens = new Map<string, string>();
    const token = async (name: SiteName = 'demo', options: TokenOptions = {}) => {
      const siteId = site(name);
      const forAdmin = options.email === undefined && options.role === undefined;
      const cached = forAdmin ? adminTokens.get(siteId) : undefined;
      if (cached) return cached;
      const issued = await issueSiteToken(service.db, {
        siteId,
        email: email(options.email ?? ADMIN_EMAIL),
        role: options.role ?? 'admin',
        name: options.name ?? 'CLI token',
        expiresAt: null,
      });
      if (!issued.site) throw new Error(`No site ${siteId} in ${service.dbPath}`);
      if (forAdmin) adminTokens.set(siteId, issued.token);
      return issued.token;
    };
    await use({
      baseURL: service.baseURL,
      apiURL: service.apiURL,
      dbPath: service.dbPath,
      sites,
      ownProcess,
      restart: async () => {
        if (!ownProcess) {
          throw new Error('restart() needs a process of its own: test.use({ ownServer: true })');
        }
        await service.restart();
      },
      token,
      email,
      site,
    });
    if (ownProcess) await service.stop();
  },

  sites: async ({ server }, use) => {
    await use(server.sites);
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
          'X-Service-Site': server.site(site),
          ...(rest.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(headers as Record<string, string> | undefined),
        },
      });
    });
  },

  signIn: async ({ server }, use) => {
    await use(async (page, site = 'demo', { open = true } = {}) => {
      const connection = {
        baseUrl: server.apiURL,
        token: await server.token(site),
        site: server.site(site),
      };
      await storeConnection(page, server.baseURL, connection);
      if (!open) return;
      await page.goto('/');
      await expect(page).toHaveURL(/\/apps/);
    });
  },
});

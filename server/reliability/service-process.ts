/**
 * The real service as a child process on its own SQLite file, or on a given database
 * (`databaseUrl`: several instances on one PostgreSQL database), demo seeded, demo log generator
 * off, for the reliability suite and the chaos script: its event loop is not the test's, and
 * it can be killed with SIGKILL and started again on the same file. Tokens come from the real
 * token command, which also runs against the file while the service runs. Both run from the
 * run's bundle when the reliability suite's global setup made one (service-bundle.ts), through
 * tsx's loader otherwise.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { SERVICE_NODE_FLAGS } from '../platform/node-flags';
import { TEMPLATE_ENV } from '../database/test-templates.global-setup';
import { bundleEntry, bundleTokenCommand, SERVICE_BUNDLE_ENV } from './service-bundle';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** Node's arguments for the service and for the token command: the bundle's, or tsx's. */
function commands(): { service: string[]; token: string[] } {
  const bundle = process.env[SERVICE_BUNDLE_ENV];
  if (bundle) return { service: [bundleEntry(bundle)], token: [bundleTokenCommand(bundle)] };
  // Node itself with tsx's loader, not the tsx command: that one runs the service in a child
  // process of its own, which a SIGKILL of the command would leave running.
  return {
    service: ['--import', 'tsx', 'server/platform/main.ts'],
    token: [TSX, 'server/access/cli/token.ts'],
  };
}

export interface ServiceProcess {
  /** `http://127.0.0.1:PORT/api` */
  apiUrl: string;
  /** The DATABASE_URL of the service: its SQLite file unless `databaseUrl` was given. */
  dbPath: string;
  /** Runs `npm run token -- --site SITE --email EMAIL` and returns the token it prints. */
  issueToken(site: string, email?: string): Promise<string>;
  /** SIGKILL, no chance to close anything. */
  kill9(): Promise<void>;
  /** Starts the service again on the same port and file (after kill9 or stop). */
  start(): Promise<void>;
  /** SIGTERM, then removes the folder. */
  dispose(): Promise<void>;
  /** Whether the process ended on its own or was killed (null while it runs). */
  exitCode(): number | NodeJS.Signals | null;
  /** What the process printed so far (since its last start). */
  output(): string;
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Resolves once `GET {apiUrl}/health` answers 200; throws if the child exits or a minute passes. */
export async function waitUntilHealthy(apiUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited early:\n${output()}`);
    try {
      if ((await fetch(`${apiUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  throw new Error(`The service did not become healthy:\n${output()}`);
}

function exited(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  return new Promise((done) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      done();
      return;
    }
    child.once('exit', () => done());
    child.kill(signal);
  });
}

/** Posts `logs` to the demo site's storefront app of the service at `apiUrl`, as `token`. */
export function postStorefrontLogs(apiUrl: string, token: string, logs: unknown[]) {
  return fetch(`${apiUrl}/apps/storefront/logs`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-service-site': 'demo',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ logs }),
  });
}

export interface ServiceOptions {
  databaseUrl?: string;
  /** More environment for the service (DEMO, TRUST_PROXY, …). */
  env?: Record<string, string>;
}

export async function startServiceProcess(options: ServiceOptions = {}): Promise<ServiceProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'site-console-reliability-'));
  const dbPath = options.databaseUrl ?? join(dir, 'site-console.db');
  // In the reliability suite a new SQLite file starts as a copy of the run's migrated template
  // (test-templates.global-setup.ts), as the API tests' do: the service's start then finds no
  // migration to run (issue 36). The chaos scripts, without a template, migrate at start.
  const template = process.env[TEMPLATE_ENV.sqlite];
  if (options.databaseUrl === undefined && template) {
    copyFileSync(template, dbPath);
    if (existsSync(`${template}-search`)) copyFileSync(`${template}-search`, `${dbPath}-search`);
  }
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}/api`;
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: dbPath,
    DEMO: '1',
    DEMO_LOGS: '0',
    STATIC_DIR: dir,
    ...options.env,
  };
  let child: ChildProcess | undefined;
  let output = '';
  const command = commands();

  const start = async () => {
    output = '';
    const started = spawn(process.execPath, [...SERVICE_NODE_FLAGS, ...command.service], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child = started;
    await waitUntilHealthy(apiUrl, started, () => output);
  };

  await start();
  return {
    apiUrl,
    dbPath,
    issueToken: async (site, email = 'admin@example.com') => {
      const args = [...command.token, '--site', site, '--email', email];
      const { stdout } = await run(process.execPath, args, { cwd: ROOT, env });
      const token = stdout.trim().split('\n').at(-1) ?? '';
      if (!/^scs_[A-Za-z0-9]{40}$/.test(token)) throw new Error(`Unexpected token: ${stdout}`);
      return token;
    },
    kill9: () => exited(child, 'SIGKILL'),
    start,
    exitCode: () => child?.exitCode ?? child?.signalCode ?? null,
    output: () => output,
    dispose: async () => {
      await exited(child, 'SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

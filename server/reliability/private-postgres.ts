/**
 * A PostgreSQL server of the test's own (initdb into a temp folder, a free port, trust auth on
 * 127.0.0.1 only), which the test may restart, crash and stop without touching the shared server
 * on 5432 that other suites use. As root the server runs as the `postgres` user (PostgreSQL
 * refuses to run as root); otherwise as the current user. `privatePostgresUnavailable()` says why
 * it cannot run here (no binaries), so a test can skip with that message.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './service-process';

const run = promisify(execFile);

/** Debian's PostgreSQL 15 binaries; PG_BIN chooses others. */
const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:PORT/site_console` */
  url: string;
  /** `pg_ctl restart -m fast`: what `pg_ctlcluster … restart` does; every session is ended (57P01). */
  restart(): Promise<void>;
  /** `pg_ctl stop -m immediate`: a crash (no checkpoint); `start` recovers from the WAL. */
  crash(): Promise<void>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Runs one statement as the superuser, on a connection of its own. */
  psql(statement: string): Promise<string>;
  /** Stops the server and removes its folder. */
  dispose(): Promise<void>;
}

/** Why the private server cannot run here, or undefined when it can. */
export function privatePostgresUnavailable(): string | undefined {
  if (!existsSync(join(BIN, 'initdb')) || !existsSync(join(BIN, 'pg_ctl'))) {
    return `no PostgreSQL binaries in ${BIN} (set PG_BIN)`;
  }
  const root = process.getuid?.() === 0;
  if (root && !existsSync('/usr/sbin/runuser')) return 'running as root without runuser';
  return undefined;
}

function uidOf(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid === undefined || gid === undefined
    ? undefined
    : { uid: Number(uid), gid: Number(gid) };
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const reason = privatePostgresUnavailable();
  if (reason !== undefined) throw new Error(`private PostgreSQL unavailable: ${reason}`);
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'site-console-pg-'));
  const owner = root ? uidOf('postgres') : undefined;
  if (root && owner === undefined) throw new Error('running as root but there is no postgres user');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const user = root ? 'postgres' : userInfo().username;

  /** Runs a PostgreSQL binary as the server's owner. */
  const as = async (binary: string, args: string[]): Promise<string> => {
    const [command, all] = root
      ? ['/usr/sbin/runuser', ['-u', 'postgres', '--', join(BIN, binary), ...args]]
      : [join(BIN, binary), args];
    const { stdout } = await run(command, all, { cwd: dir, timeout: 60_000 });
    return stdout;
  };
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) => as('pg_ctl', ['-D', data, '-w', '-t', '60', ...args]);
  const start = async () => {
    await ctl('-o', options, '-l', join(dir, 'log'), 'start');
  };
  const psql = (statement: string) =>
    as('psql', ['-h', dir, '-p', String(port), '-U', user, '-d', 'postgres', '-Atc', statement]);

  await as('initdb', ['-D', data, '-U', user, '--auth=trust', '-E', 'UTF8', '--no-sync']);
  await start();
  await psql('create database site_console');
  let stopped = false;
  return {
    url: `postgres://${user}@127.0.0.1:${port}/site_console`,
    restart: async () => {
      // With its log file: a server started on pg_ctl's stdout would hold this pipe open.
      await ctl('-m', 'fast', '-o', options, '-l', join(dir, 'log'), 'restart');
    },
    crash: async () => {
      await ctl('-m', 'immediate', 'stop');
    },
    stop: async () => {
      await ctl('-m', 'fast', 'stop');
    },
    start,
    psql,
    dispose: async () => {
      if (stopped) return;
      stopped = true;
      await ctl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

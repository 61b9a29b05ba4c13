/**
 * `npm run bench:guard [-- <ref or tree>]`: the regression guard of issue 43. Runs the two hot
 * workloads against three servers in the same minutes, interleaved run by run:
 * - `raw`: bench/raw-log-server.ts (node:http + better-sqlite3 alone), the floor;
 * - `before`: the service of `<ref>` (default HEAD~1; a git worktree of it is made under /tmp and
 *   reused) or of a checked-out tree given as a path;
 * - `this`: the service of this tree.
 * Workloads: ingestion (120 batches of 500 entries through `POST /api/apps/:key/logs`, 4 in
 * flight, into a fresh app per run, every entry checked) and random 200-entry pages at 50
 * connections (autocannon, `before` at a random time each request), with the server's CPU time
 * per 1,000 entries and per request (less moved by a loaded machine than the rates). Each tree's
 * service is its own bench/api-server.ts on its own SQLite file of BENCH_ENTRIES entries (filled
 * once by that tree's bench/api-ingest-compare.ts and reused while its migrations are the same);
 * the raw server reads pages from this tree's file and ingests into a file of its own.
 *
 * Prints per workload the median of BENCH_RUNS (3) runs per server and the ratios this ÷ raw,
 * before ÷ raw and this ÷ before, and exits 1 when this ÷ before, or this tree's ratio to raw
 * against the before tree's, drops more than BENCH_GUARD_TOLERANCE (0.10) on either workload.
 * BENCH_QUOTA=default: the services run with the default ingestion quota (LOG_QUOTA_* defaults;
 * trees that predate the quota ignore it); BENCH_QUOTA=this: only this tree's service has it, so
 * that `npm run bench:guard -- HEAD` (the same code twice) measures the quota's cost against the
 * quota off in the same run. BENCH_CPU_PROF_DIR: each service writes a CPU profile
 * of every measured span there (bench/cpu-profile-summary.ts reads them). BENCH_ONLY=ingest|pages.
 * Not part of `npm test`: it takes minutes and wants a quiet machine.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { openDatabase } from '../server/database/db';
import { ingest } from './api-ingest';
import { startServer, type ServerProcess } from './api-servers';
import { median, medianAndRuns, ratio } from './stats';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const TOLERANCE = Number(process.env.BENCH_GUARD_TOLERANCE ?? 0.1);
const PORT = Number(process.env.BENCH_PORT ?? 18410);
const ONLY = process.env.BENCH_ONLY;
const DAY_US = 86_400_000_000;

type Target = 'raw' | 'before' | 'this';
const TARGETS: readonly Target[] = ['raw', 'before', 'this'];

interface Served {
  target: Target;
  server: ServerProcess;
  /** The file ingestion writes to (checked after each run). */
  file: string;
  headers: Record<string, string>;
}

function run(command: string, args: readonly string[], cwd: string, env = {}): string {
  return execFileSync(command, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** `<ref>` → a detached worktree of it under /tmp with this tree's node_modules linked. */
function treeOf(refOrPath: string): string {
  if (existsSync(join(refOrPath, 'package.json'))) return resolve(refOrPath);
  const commit = run('git', ['rev-parse', '--verify', `${refOrPath}^{commit}`], ROOT).trim();
  const tree = `/tmp/bench-guard-${commit.slice(0, 12)}`;
  if (!existsSync(tree)) run('git', ['worktree', 'add', '--detach', tree, commit], ROOT);
  const modules = join(tree, 'node_modules');
  if (!existsSync(modules)) symlinkSync(realpathSync(join(ROOT, 'node_modules')), modules);
  return tree;
}

/**
 * A tree's database, its own (so no other service's search indexer works on it), named by the
 * tree's migrations so that a later run of a tree with the same schema reuses it.
 */
function databaseOf(tree: string, target: Target): string {
  const migrations = run('git', ['ls-files', '-s', '--', '*migrations/*'], tree);
  const hash = createHash('sha256').update(migrations).digest('hex').slice(0, 12);
  const file = `/tmp/bench-guard-${target}-${hash}-${String(ENTRIES)}.db`;
  if (!existsSync(file)) {
    console.log(`filling ${file} with ${String(ENTRIES)} entries (${tree})`);
    run('npx', ['tsx', 'bench/api-ingest-compare.ts', '.'], tree, {
      BENCH_RUNS: '0',
      BENCH_ENTRIES: String(ENTRIES),
      BENCH_DATABASE_FILE: file,
    });
  }
  return file;
}

/** A token of the bench site's admin, issued by the tree's own `npm run token`. */
function tokenOf(tree: string, file: string): Record<string, string> {
  const out = run('npm', ['run', '--silent', 'token', '--', '--site', 'bench'], tree, {
    DATABASE_URL: file,
  });
  const token = out.trim().split('\n').pop() ?? '';
  return { Authorization: `Bearer ${token}`, 'X-Service-Site': 'bench' };
}

/** A new app like `main` (every column copied but id and key); its row id. */
function newApp(file: string, key: string): number {
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    const columns = (db.pragma('table_info(apps)') as Array<{ name: string }>)
      .map((column) => column.name)
      .filter((name) => name !== 'id' && name !== 'key');
    const list = columns.map((name) => `"${name}"`).join(', ');
    const { id } = db
      .prepare(
        `insert into apps (key, ${list}) select ?, ${list} from apps where key = 'main' returning id`,
      )
      .get(key) as { id: number };
    return id;
  } finally {
    db.close();
  }
}

/** The times of the filled app `main`: pages ask `before` a random time a day after the first. */
function spanOf(file: string): { startUs: number; endUs: number } {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        `select min(time_us) as startUs, max(time_us) as endUs from app_logs
         where app_id = (select id from apps where key = 'main')`,
      )
      .get() as { startUs: number; endUs: number };
  } finally {
    db.close();
  }
}

/** The raw server's own ingestion file: the service's `apps` and `app_logs` columns, empty. */
function rawIngestFile(pagesFile: string): string {
  const file = '/tmp/bench-guard-raw-ingest.db';
  if (existsSync(file)) return file;
  const source = new Database(pagesFile, { readonly: true });
  const schema = source
    .prepare(
      `select sql from sqlite_master where sql is not null and
         (tbl_name in ('apps', 'app_logs') and type in ('table', 'index'))`,
    )
    .all() as Array<{ sql: string }>;
  const main = source.prepare(`select * from apps where key = 'main'`).get() as Record<
    string,
    unknown
  >;
  source.close();
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // The raw table has no foreign key to sites: nothing else of the schema is there.
  for (const { sql: text } of schema)
    db.exec(text.replace(/references\s+"?sites"?\s*\([^)]*\)/gi, ''));
  const names = Object.keys(main);
  db.prepare(
    `insert into apps (${names.map((n) => `"${n}"`).join(', ')}) values (${names.map(() => '?').join(', ')})`,
  ).run(...names.map((name) => main[name]));
  db.close();
  return file;
}

/** A run's rate, and the server's CPU time (every thread) per 1,000 entries or per request. */
interface Figure {
  rate: number;
  cpuMs: number;
}

/** The server's CPU time so far (ms), from its `/bench/usage`. */
async function cpuMsOf(served: Served): Promise<number> {
  const answer = await fetch(`${served.server.base}/bench/usage`);
  // The shape bench/api-server.ts and bench/raw-log-server.ts answer with.
  const { cpu_us: cpu } = (await answer.json()) as { cpu_us: { user: number; system: number } };
  return (cpu.user + cpu.system) / 1000;
}

async function measureIngest(served: Served, runIndex: number): Promise<Figure> {
  const key = `guard-${String(Date.now())}-${String(runIndex)}`;
  const appId = newApp(served.file, key);
  const db = openDatabase(served.file);
  try {
    const result = await ingest(db, {
      bases: [served.server.base],
      headers: served.headers,
      apps: [{ key, id: appId }],
      batches: 120,
      batchSize: 500,
      inFlight: 4,
      // The service's search indexer catches up before the next run starts.
      indexed: served.target !== 'raw',
    });
    console.log(`  ingest ${served.target}: ${JSON.stringify(result)}`);
    return { rate: result.perSecond, cpuMs: result.cpuMsPer1000 };
  } finally {
    await db.destroy();
  }
}

async function profile(served: Served, action: 'start' | 'stop'): Promise<void> {
  if (!process.env.BENCH_CPU_PROF_DIR || served.target === 'raw') return;
  const answer = await fetch(`${served.server.base}/bench/profile/${action}`, { method: 'POST' });
  const text = await answer.text();
  if (action === 'stop') console.log(`  cpu profile (${served.target}, pages): ${text}`);
}

async function measurePages(
  served: Served,
  span: { startUs: number; endUs: number },
  seconds = DURATION,
): Promise<Figure> {
  const path = '/api/apps/main/logs?limit=200';
  // `before` is in epoch seconds, as the API takes it.
  const randomBefore = () =>
    (span.startUs + DAY_US + Math.random() * (span.endUs - span.startUs - DAY_US)) / 1e6;
  const profiled = seconds === DURATION;
  if (profiled) await profile(served, 'start');
  const cpuBefore = await cpuMsOf(served);
  const result = await autocannon({
    url: `${served.server.base}${path}`,
    connections: 50,
    duration: seconds,
    headers: served.headers,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: `${path}&before=${randomBefore()}` }),
      },
    ],
  });
  const cpuMs = ((await cpuMsOf(served)) - cpuBefore) / result.requests.total;
  if (profiled) await profile(served, 'stop');
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`pages ${served.target}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  const rps = Math.round(result.requests.average);
  console.log(
    `  pages ${served.target}: ${String(rps)} req/s, p99 ${String(result.latency.p99)} ms, ` +
      `CPU ${cpuMs.toFixed(3)} ms/request`,
  );
  return { rate: rps, cpuMs };
}

function uptime(): string {
  return run('uptime', [], ROOT).trim();
}

async function main(): Promise<void> {
  const before = treeOf(process.argv[2] ?? 'HEAD~1');
  console.log(`bench:guard ${new Date().toISOString()}\nthis: ${ROOT}\nbefore: ${before}`);
  console.log(`load: ${uptime()}`);
  const thisFile = databaseOf(ROOT, 'this');
  const beforeFile = databaseOf(before, 'before');
  const span = spanOf(thisFile);
  // What each service's bench/api-server.ts reads as BENCH_QUOTA ('default': the quota on).
  const quota = process.env.BENCH_QUOTA ?? '';
  const quotaOf = (target: Target) => ({
    BENCH_QUOTA: quota === 'default' || (quota === 'this' && target === 'this') ? 'default' : '',
  });
  const servers: Served[] = [];
  try {
    const rawFile = rawIngestFile(thisFile);
    servers.push({
      target: 'raw',
      server: await startServer(thisFile, PORT, join(ROOT, 'bench', 'raw-log-server.ts'), {
        INGEST_DATABASE_URL: rawFile,
      }),
      file: rawFile,
      headers: {},
    });
    servers.push({
      target: 'before',
      server: await startServer(
        beforeFile,
        PORT + 1,
        join(before, 'bench', 'api-server.ts'),
        quotaOf('before'),
      ),
      file: beforeFile,
      headers: tokenOf(before, beforeFile),
    });
    servers.push({
      target: 'this',
      server: await startServer(
        thisFile,
        PORT + 2,
        join(ROOT, 'bench', 'api-server.ts'),
        quotaOf('this'),
      ),
      file: thisFile,
      headers: tokenOf(ROOT, thisFile),
    });
    const figures = {
      ingest: new Map<Target, Figure[]>(TARGETS.map((t) => [t, []])),
      pages: new Map<Target, Figure[]>(TARGETS.map((t) => [t, []])),
    };
    // Warm-up: each server's file in the page cache and its code optimised before anything counts.
    for (const served of servers) await measurePages(served, span, 2);
    for (let runIndex = 1; runIndex <= RUNS; runIndex += 1) {
      console.log(`run ${String(runIndex)} (load: ${uptime()})`);
      // The order turns each run, so no server always goes first or after the same one.
      const order = servers.map((_, i) => servers[(i + runIndex - 1) % servers.length] as Served);
      if (ONLY !== 'pages') {
        for (const served of order) {
          figures.ingest.get(served.target)?.push(await measureIngest(served, runIndex));
        }
      }
      if (ONLY !== 'ingest') {
        for (const served of order) {
          figures.pages.get(served.target)?.push(await measurePages(served, span));
        }
      }
    }
    console.log(`load: ${uptime()}`);
    let failed = false;
    for (const [workload, byTarget] of Object.entries(figures)) {
      if (byTarget.get('this')?.length === 0) continue;
      const runs = (target: Target, pick: (figure: Figure) => number) =>
        (byTarget.get(target) ?? []).map(pick);
      const med = (target: Target, pick: (figure: Figure) => number) => median(runs(target, pick));
      const rate = (figure: Figure) => figure.rate;
      const cpu = (figure: Figure) => figure.cpuMs;
      const [raw, was, now] = [med('raw', rate), med('before', rate), med('this', rate)];
      const [rawCpu, wasCpu, nowCpu] = [med('raw', cpu), med('before', cpu), med('this', cpu)];
      const unit = workload === 'ingest' ? 'entries/s' : 'req/s';
      const cpuUnit = workload === 'ingest' ? 'CPU ms/1,000 entries' : 'CPU ms/request';
      console.log(`\n${workload}, medians of ${String(RUNS)} (each run in brackets):`);
      for (const target of TARGETS) {
        console.log(
          `  ${target}: ${medianAndRuns(runs(target, rate), 0)} ${unit}, ` +
            `${medianAndRuns(runs(target, cpu), 3)} ${cpuUnit}`,
        );
      }
      console.log(
        `  rate: this ÷ raw ${ratio(now, raw)}, before ÷ raw ${ratio(was, raw)}, ` +
          `this ÷ before ${ratio(now, was)}`,
      );
      console.log(
        `  CPU: this ÷ raw ${ratio(nowCpu, rawCpu)}, before ÷ raw ${ratio(wasCpu, rawCpu)}, ` +
          `this ÷ before ${ratio(nowCpu, wasCpu)}`,
      );
      if (now / was < 1 - TOLERANCE) {
        console.log(`  REGRESSION: ${workload} rate this ÷ before below ${String(1 - TOLERANCE)}`);
        failed = true;
      }
    }
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const { server } of servers) await server.stop();
  }
}

await main();

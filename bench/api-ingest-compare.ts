/**
 * `npx tsx bench/api-ingest-compare.ts <tree> <tree> …`: the ingestion of `npm run bench:api`
 * (bench/api-ingest.ts: 120 batches of 500 through `POST`, 4 in flight, every entry checked) into
 * servers of several source trees, alternated run by run on ONE SQLite database (tree 1, tree 2,
 * …, then again; BENCH_RUNS rounds, 3), so that a loaded machine weighs on each tree alike. A tree
 * is a checkout with node_modules (`git archive <commit> | tar -x -C dir`, node_modules linked);
 * its own bench/api-server.ts serves. Prints per tree the medians of entries/s, of server CPU and
 * of main-thread busy time per 1,000 entries, and their ratios to the first tree.
 * The database (BENCH_ENTRIES, 1,000,000 entries over 7 days in one app, indexed) is filled once
 * into BENCH_DATABASE_FILE (default /tmp/bench-ingest-compare.db) and reused while it exists; the
 * trees must share its schema. Trees whose schemas differ get a file each, in tree order, in
 * BENCH_DATABASE_FILES (comma-separated), each filled first by its own tree's copy of this tool
 * (`BENCH_RUNS=0 BENCH_DATABASE_FILE=<file> npx tsx bench/api-ingest-compare.ts <tree>`) and
 * neither migrated nor filled here. BENCH_PORT: 18310.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { insertApp } from '../server/apps/store/apps';
import { appFixture } from '../server/platform/test-support.test-helper';
import type { Kysely } from 'kysely';
import { openDatabase } from '../server/database/db';
import { migrateToLatest } from '../server/database/migrate';
import type { Database } from '../server/database/schema';
import { fillLogMinutes } from '../server/database/migrations/006-log-minutes';
import { createSite, ensureMembership } from '../server/site/store/sites';
import { findOrCreateUser, issueToken } from '../server/access/store/tokens';
import { fillSqlite } from './api-fill-sqlite';
import { ingest, type IngestResult } from './api-ingest';
import { startServer } from './api-servers';
import { median } from './stats';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 18310);
const FILE = process.env.BENCH_DATABASE_FILE ?? '/tmp/bench-ingest-compare.db';
const FILES = process.env.BENCH_DATABASE_FILES?.split(',');
const SPAN_US = 7 * 86_400_000_000;

/** A database the runs ingest into, with the bench user's headers. */
interface BenchDatabase {
  file: string;
  db: Kysely<Database>;
  headers: Record<string, string>;
}

/** Opens `file`; when `prepare`, migrates it and fills it first if it is new. */
async function openBenchDatabase(file: string, prepare: boolean): Promise<BenchDatabase> {
  const fresh = !existsSync(file);
  if (!prepare && fresh) throw new Error(`${file} does not exist: fill it with its own tree first`);
  const db = openDatabase(file);
  if (prepare) await migrateToLatest(db);
  if (prepare && fresh) {
    await createSite(db, 'bench', 'Bench');
    const appId = await insertApp(db, 'bench', appFixture('main'));
    const startUs = Date.now() * 1000 - 60_000_000 - SPAN_US;
    fillSqlite(file, ENTRIES, (put, from, to) => {
      for (let i = from; i < to; i += 1) put(appId, Math.floor(startUs + (i * SPAN_US) / ENTRIES));
    });
    await fillLogMinutes(db);
    console.log(`filled ${file} with ${ENTRIES} entries`);
  }
  const userId = await findOrCreateUser(db, 'bench@example.com');
  await ensureMembership(db, userId, 'bench');
  const headers = {
    Authorization: `Bearer ${await issueToken(db, userId)}`,
    'X-Service-Site': 'bench',
  };
  return { file, db, headers };
}

async function main(): Promise<void> {
  const trees = process.argv.slice(2).map((tree) => resolve(tree));
  if (trees.length === 0) throw new Error('usage: api-ingest-compare.ts <tree> <tree> …');
  // One database for every tree, or (BENCH_DATABASE_FILES) one per tree, filled beforehand.
  const databases = FILES
    ? await Promise.all(trees.map((_, index) => openBenchDatabase(FILES[index] ?? '', false)))
    : [await openBenchDatabase(FILE, true)];
  try {
    const results = trees.map((): IngestResult[] => []);
    for (let run = 1; run <= RUNS; run += 1) {
      for (const [index, tree] of trees.entries()) {
        const { file, db, headers } = databases[index] ?? databases[0] ?? unreachable();
        const server = await startServer(file, PORT, join(tree, 'bench', 'api-server.ts'));
        try {
          const key = `compare-${String(Date.now())}-${String(index)}`;
          const result = await ingest(db, {
            bases: [server.base],
            headers,
            apps: [{ key, id: await insertApp(db, 'bench', appFixture(key)) }],
            batches: 120,
            batchSize: 500,
            inFlight: 4,
            indexed: true,
          });
          results[index]?.push(result);
          console.log(`run ${String(run)} ${tree}: ${JSON.stringify(result)}`);
        } finally {
          await server.stop();
        }
      }
    }
    if (RUNS > 0) printSummary(trees, results);
  } finally {
    for (const { db } of databases) await db.destroy();
  }
}

function unreachable(): never {
  throw new Error('no database');
}

function printSummary(trees: readonly string[], results: ReadonlyArray<IngestResult[]>): void {
  const figures = (runs: readonly IngestResult[] = []) => ({
    perSecond: median(runs.map((run) => run.perSecond)),
    cpuMsPer1000: median(runs.map((run) => run.cpuMsPer1000)),
    mainThreadMsPer1000: median(runs.map((run) => run.mainThreadMsPer1000)),
  });
  const first = figures(results[0]);
  console.log(
    '\ntree | entries/s (runs) | CPU ms/1k (runs) | main thread ms/1k | ratios to the first',
  );
  for (const [index, tree] of trees.entries()) {
    const runs = results[index] ?? [];
    const mine = figures(runs);
    const list = (pick: (run: IngestResult) => number) => runs.map(pick).join(' / ');
    console.log(
      `${tree} | ${String(mine.perSecond)} (${list((run) => run.perSecond)}) | ` +
        `${String(mine.cpuMsPer1000)} (${list((run) => run.cpuMsPer1000)}) | ` +
        `${String(mine.mainThreadMsPer1000)} | ` +
        `rate ${(mine.perSecond / first.perSecond).toFixed(2)}×, CPU ` +
        `${(mine.cpuMsPer1000 / first.cpuMsPer1000).toFixed(2)}×, main thread ` +
        `${(mine.mainThreadMsPer1000 / first.mainThreadMsPer1000).toFixed(2)}×`,
    );
  }
}

await main();

/**
 * `npx tsx bench/logs-store-cpu.ts <before tree>`: the CPU time of the log store's two hot calls,
 * this tree's against another tree's, in ONE process, alternated call by call: `insertLogs` of a
 * 500-entry batch (what POST /api/apps/:key/logs does below HTTP) and `queryLogs` of a random
 * 200-entry page (what GET …/logs does below HTTP). A loaded machine slows both trees' calls
 * alike, and the process's CPU time (not the wall clock) is what is counted, so the ratio holds
 * where the HTTP benchmark's rates swing (bench/guard.ts, issue 43). HTTP, Fastify and the guards
 * in front of the store are not in it: read it beside bench:guard, not instead of it.
 *
 * The pages are read from the guard's 1M-entry file of this tree (BENCH_PAGES_FILE; bench:guard
 * fills it); each tree ingests into a fresh file of its own. BENCH_CALLS (2,000 pages, 200
 * batches per tree) in BENCH_ROUNDS (5) rounds; prints the medians of the rounds per call and the
 * ratio this ÷ before.
 */
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import type * as DbModule from '../server/database/db';
import type * as MigrateModule from '../server/database/migrate';
import type * as WriteModule from '../server/logs/store/app-logs-write';
import type * as ReadModule from '../server/logs/store/app-logs-read';
import type * as ParamsModule from '../server/logs/routes/log-query-params';
import { insertApp } from '../server/apps/store/apps';
import { appFixture } from '../server/platform/test-support.test-helper';
import { createSite } from '../server/site/store/sites';
import { makeEntry } from './log-entries';
import { median, medianAndRuns, ratio } from './stats';

const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PAGES_FILE = process.env.BENCH_PAGES_FILE ?? '';
const DAY_US = 86_400_000_000;

/** The store's calls of one tree, imported from its own files. */
interface Tree {
  name: string;
  insert: (entries: readonly unknown[]) => Promise<unknown>;
  page: (beforeSeconds: number) => Promise<{ count: number }>;
  close: () => Promise<void>;
}

async function treeOf(name: string, root: string): Promise<Tree> {
  // Another tree's modules, by path: their types are this tree's as long as the calls agree.
  const { openDatabase } = (await import(`${root}/server/database/db.ts`)) as typeof DbModule;
  const { migrateToLatest } = (await import(
    `${root}/server/database/migrate.ts`
  )) as typeof MigrateModule;
  const { insertLogs } = (await import(
    `${root}/server/logs/store/app-logs-write.ts`
  )) as typeof WriteModule;
  const { queryLogs } = (await import(
    `${root}/server/logs/store/app-logs-read.ts`
  )) as typeof ReadModule;
  const { parseLogQuery } = (await import(
    `${root}/server/logs/routes/log-query-params.ts`
  )) as typeof ParamsModule;
  const file = `/tmp/logs-store-cpu-${name}.db`;
  for (const suffix of ['', '-wal', '-shm', '-search', '-search-wal', '-search-shm']) {
    rmSync(`${file}${suffix}`, { force: true });
  }
  const ingestDb = openDatabase(file);
  await migrateToLatest(ingestDb);
  await createSite(ingestDb, 'bench', 'Bench');
  const appId = await insertApp(ingestDb, 'bench', appFixture('main'));
  const pagesDb = openDatabase(PAGES_FILE);
  const pagesApp = Number(
    (await pagesDb.selectFrom('apps').select('id').where('key', '=', 'main').executeTakeFirst())
      ?.id,
  );
  return {
    name,
    insert: (entries) => insertLogs(ingestDb, appId, entries as never),
    page: async (before) =>
      await queryLogs(pagesDb, pagesApp, parseLogQuery({ limit: '200', before: String(before) })),
    close: async () => {
      await ingestDb.destroy();
      await pagesDb.destroy();
    },
  };
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function main(): Promise<void> {
  const beforeRoot = resolve(process.argv[2] ?? '');
  if (!existsSync(`${beforeRoot}/package.json`) || !existsSync(PAGES_FILE)) {
    throw new Error('usage: BENCH_PAGES_FILE=<1M file> logs-store-cpu.ts <before tree>');
  }
  const span = (() => {
    const db = new Database(PAGES_FILE, { readonly: true });
    try {
      return db
        .prepare(
          `select min(time_us) as lo, max(time_us) as hi from app_logs
           where app_id = (select id from apps where key = 'main')`,
        )
        .get() as { lo: number; hi: number };
    } finally {
      db.close();
    }
  })();
  const trees = [
    await treeOf('before', beforeRoot),
    await treeOf('this', resolve(import.meta.dirname, '..')),
  ];
  const batches = Array.from({ length: 20 }, () => Array.from({ length: 500 }, makeEntry));
  const befores = Array.from(
    { length: CALLS },
    () => (span.lo + DAY_US + Math.random() * (span.hi - span.lo - DAY_US)) / 1e6,
  );
  const perCall = new Map(trees.map((tree) => [tree.name, { insert: [0], page: [0] }]));
  for (const figures of perCall.values()) {
    figures.insert = [];
    figures.page = [];
  }
  // Warm-up: code optimised and the pages' file in the cache before anything counts.
  for (const tree of trees) {
    for (let i = 0; i < 300; i += 1) await tree.page(befores[i] ?? 0);
    for (let i = 0; i < 20; i += 1) await tree.insert(batches[i] ?? []);
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    const spent = new Map(trees.map((tree) => [tree.name, { insert: 0, page: 0 }]));
    const batchCalls = Math.max(1, Math.round(CALLS / 10));
    for (let i = 0; i < CALLS; i += 1) {
      // The order turns each call, so neither tree always goes first.
      for (const tree of i % 2 === 0 ? trees : [...trees].reverse()) {
        const start = cpuMs();
        await tree.page(befores[i] ?? 0);
        const used = spent.get(tree.name);
        if (used) used.page += cpuMs() - start;
      }
      if (i % 10 !== 0) continue;
      for (const tree of i % 20 === 0 ? trees : [...trees].reverse()) {
        const start = cpuMs();
        await tree.insert(batches[(i / 10) % batches.length] ?? []);
        const used = spent.get(tree.name);
        if (used) used.insert += cpuMs() - start;
      }
    }
    for (const tree of trees) {
      const used = spent.get(tree.name);
      const figures = perCall.get(tree.name);
      if (!used || !figures) continue;
      figures.page.push(used.page / CALLS);
      figures.insert.push(used.insert / batchCalls);
    }
    console.log(`round ${String(round)}: ${JSON.stringify(Object.fromEntries(spent))}`);
  }
  const [before, now] = trees.map((tree) => perCall.get(tree.name));
  for (const call of ['page', 'insert'] as const) {
    const [was, is] = [before?.[call] ?? [], now?.[call] ?? []];
    console.log(
      `${call === 'page' ? 'queryLogs, 200-entry page' : 'insertLogs, 500 entries'}: ` +
        `before ${medianAndRuns(was, 3)} ms CPU, this ${medianAndRuns(is, 3)} ms, ` +
        `this ÷ before ${ratio(median(is), median(was))}`,
    );
  }
  for (const tree of trees) await tree.close();
}

await main();

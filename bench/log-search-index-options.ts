/**
 * `npx tsx bench/log-search-index-options.ts [variant…]`: what the SQLite search indexer's FTS5
 * table costs to fill, and to ask, with other options (issue 43). Each variant builds its own
 * index of BENCH_ROWS (1,000,000) search texts of bench/log-entries.ts in the worker's chunks
 * (INDEX_CHUNK_ROWS per transaction, the worker's `insert … select` from a log table in the main
 * file), on files of its own, in one process, and prints:
 * - the process CPU per 1,000 rows over the fill of all but the last BENCH_LAST_ROWS (240,000)
 *   rows (merges included), and over those last rows, indexed a chunk at a time in turn in every
 *   variant (so a busy machine weighs on each alike), and the index's size;
 * - per search term: the candidates the index gives and the rows `instr` keeps among them (must
 *   be equal in every variant: the index only narrows), and the median time of that statement.
 * Variants: `full` (today's table: detail=full, phrase queries), `none` (detail=none, a term asked
 * as the AND of its trigrams), `none-hash8` (the same with FTS5's `hashsize` at 8 MiB).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { makeEntry } from './log-entries';
import { pendingRow } from '../server/logs/store/app-logs-rows';
import { INDEX_CHUNK_ROWS } from '../server/logs/search/log-search-indexer';
import { trigramMatch } from '../server/database/log-search-file';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** The last rows, indexed chunk by chunk alternated between the variants (BENCH_LAST_ROWS). */
const LAST = Number(process.env.BENCH_LAST_ROWS ?? 240_000);
const TERMS = [
  'declined',
  'card declined',
  'payment failed for order',
  'out of memory',
  'grace',
  'hooks.example.com',
  'unparsed: 3f',
  'order 4242',
  'zzzq',
  'attempt 5',
];

interface Variant {
  create: string;
  setup: string[];
  match: (term: string) => string;
}

const phrase = (term: string) => `"${term.replaceAll('"', '""')}"`;
const VARIANTS: Record<string, Variant> = {
  full: {
    create: `create virtual table search.fts using fts5(search, content='', contentless_delete=1, tokenize='trigram')`,
    setup: [`insert into search.fts (fts, rank) values ('automerge', 16)`],
    match: phrase,
  },
  none: {
    create: `create virtual table search.fts using fts5(search, content='', contentless_delete=1, tokenize='trigram', detail=none)`,
    setup: [`insert into search.fts (fts, rank) values ('automerge', 16)`],
    match: (term) => trigramMatch([term]),
  },
  'none-hash8': {
    create: `create virtual table search.fts using fts5(search, content='', contentless_delete=1, tokenize='trigram', detail=none)`,
    setup: [
      `insert into search.fts (fts, rank) values ('automerge', 16)`,
      `insert into search.fts (fts, rank) values ('hashsize', ${String(8 * 1024 * 1024)})`,
    ],
    match: (term) => trigramMatch([term]),
  },
};

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

const texts = Array.from({ length: ROWS }, () => pendingRow(1, makeEntry()).search);

interface Opened {
  name: string;
  variant: Variant;
  dir: string;
  db: Database.Database;
  chunk: (from: number, to: number) => unknown;
  fillMs: number;
  tailMs: number;
}

function open(name: string, variant: Variant): Opened {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-options-'));
  const db = new Database(join(dir, 'log.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table logs (id integer primary key, search text not null)');
  const insert = db.prepare('insert into logs (id, search) values (?, ?)');
  db.transaction(() => texts.forEach((text, index) => insert.run(index + 1, text)))();
  db.prepare('attach database ? as search').run(join(dir, 'log.db-search'));
  db.pragma('search.journal_mode = WAL');
  db.pragma('search.synchronous = NORMAL');
  db.exec(variant.create);
  for (const statement of variant.setup) db.exec(statement);
  const index = db.prepare(
    'insert into search.fts (rowid, search) select id, search from main.logs where id > ? and id <= ?',
  );
  return {
    name,
    variant,
    dir,
    db,
    chunk: db.transaction((from: number, to: number) => index.run(from, to)),
    fillMs: 0,
    tailMs: 0,
  };
}

/** Indexes rows from..to of `opened` in the worker's chunks; its CPU (ms). */
function indexRows(opened: Opened, from: number, to: number): number {
  const start = cpuMs();
  for (let at = from; at < to; at += INDEX_CHUNK_ROWS) {
    opened.chunk(at, Math.min(at + INDEX_CHUNK_ROWS, to));
  }
  return cpuMs() - start;
}

function report(opened: Opened): void {
  const { db, name, variant, dir } = opened;
  db.pragma('search.wal_checkpoint(TRUNCATE)');
  const bytes = statSync(join(dir, 'log.db-search')).size;
  console.log(
    `${name}: fill of ${String(ROWS - LAST)} ${((opened.fillMs * 1000) / (ROWS - LAST)).toFixed(2)} ms ` +
      `CPU/1,000 rows; the last ${String(LAST)}, chunk by chunk alternated with the other variants, ` +
      `${((opened.tailMs * 1000) / LAST).toFixed(2)} ms/1,000; index ${(bytes / 1e6).toFixed(0)} MB`,
  );
  for (const term of TERMS) {
    const candidates = db.prepare('select rowid from search.fts where fts match ?').pluck();
    const kept = db.prepare(
      'select count(*) from main.logs where id in (select rowid from search.fts where fts match ?) and instr(search, ?) > 0',
    );
    const times: number[] = [];
    let count = 0;
    let matches = 0;
    for (let round = 0; round < 7; round += 1) {
      const began = cpuMs();
      count = candidates.all(variant.match(term)).length;
      matches = kept.pluck().get(variant.match(term), term) as number;
      times.push(cpuMs() - began);
    }
    console.log(
      `  ${JSON.stringify(term).padEnd(28)} candidates ${String(count).padStart(7)}, ` +
        `matches ${String(matches).padStart(7)}, ${median(times).toFixed(1)} ms CPU`,
    );
  }
  db.close();
  rmSync(dir, { recursive: true, force: true });
}

const chosen = process.argv.slice(2);
const variants = Object.entries(VARIANTS)
  .filter(([name]) => chosen.length === 0 || chosen.includes(name))
  .map(([name, variant]) => open(name, variant));
for (const opened of variants) opened.fillMs = indexRows(opened, 0, ROWS - LAST);
for (let from = ROWS - LAST; from < ROWS; from += INDEX_CHUNK_ROWS) {
  for (const opened of variants) opened.tailMs += indexRows(opened, from, from + INDEX_CHUNK_ROWS);
}
for (const opened of variants) report(opened);

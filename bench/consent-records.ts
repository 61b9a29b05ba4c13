/**
 * Consent records (issue 40): `npm run bench:consent` (tsx bench/consent-records.ts).
 *
 * 1. Ingest: RECORDS (30,000) records POSTed as banners send them (text/plain, key, origin) by
 *    CONCURRENCY (64) clients to a service process on a fresh SQLite file, while a probe asks
 *    `GET /api/health` every 10 ms; the same probe runs first against the idle service (the
 *    control). Reports records/s and the probe's p99 in both phases.
 * 2. The records page at FILL (1,000,000) records: `GET /api/consent-records?limit=50`, the
 *    next page (`before`), a consent id and an application filter, 200 times each.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { migrateToLatest } from '../server/database/migrate';
import { openDatabase } from '../server/database/db';
import { seedDemo } from '../server/demo/seed';
import { ensureMembership } from '../server/site/store/sites';
import { findOrCreateUser, issueToken } from '../server/access/store/tokens';
import {
  insertConsentRecords,
  type NewConsentRecord,
} from '../server/consent/records/record-store';
import { ms, printStats, stat, time, type Stat } from './stats';

const RECORDS = Number(process.env.RECORDS ?? 30_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);
const FILL = Number(process.env.FILL ?? 1_000_000);
const ORIGIN = 'https://shop.example.com';

async function startServer(file: string): Promise<{ base: string; stop: () => Promise<void> }> {
  // tsx's CLI under this node: a signal to it reaches the server (npx would not pass it on).
  const tsx = join(process.cwd(), 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const child = spawn(process.execPath, [tsx, 'bench/consent-records-server.ts', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const base = await new Promise<string>((resolve) => lines.once('line', resolve));
  return {
    base,
    stop: () =>
      new Promise<void>((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

/** GET /api/health every 10 ms until `until` resolves; the latencies. */
async function probe(base: string, until: Promise<unknown>): Promise<Stat> {
  const state = { done: false };
  void until.then(() => (state.done = true));
  const samples: number[] = [];
  while (!state.done) {
    const start = performance.now();
    await (await fetch(`${base}/api/health`)).arrayBuffer();
    samples.push(performance.now() - start);
    await new Promise((wake) => setTimeout(wake, 10));
  }
  return stat(samples);
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-consent-'));
  const file = join(dir, 'bench.db');
  const db = openDatabase(file);
  await migrateToLatest(db);
  await seedDemo(db);
  const adminId = await findOrCreateUser(db, 'bench@example.com');
  await ensureMembership(db, adminId, 'demo', 'admin');
  const token = await issueToken(db, adminId);
  const server = await startServer(file);
  const api = (
    path: string,
    init: { method?: string; body?: string; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${server.base}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo', ...init.headers },
    });
  try {
    await api('/settings/consent/public-key', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ origins: [ORIGIN] }),
    });
    const settings = (await (await api('/settings/consent/public-key')).json()) as {
      endpoint: string;
    };
    const version = ((await api('/settings/consent')).headers.get('etag') ?? '').replace(/"/g, '');

    const idle = await probe(server.base, new Promise((wake) => setTimeout(wake, 5_000)));
    let sent = 0;
    let failed = 0;
    const start = performance.now();
    const client = async () => {
      while (sent < RECORDS) {
        sent += 1;
        const n = sent;
        const res = await fetch(settings.endpoint, {
          method: 'POST',
          headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
          body: JSON.stringify({
            consent_id: `visitor-${String(n).padStart(10, '0')}`,
            choices: {
              'google-analytics': n % 2 === 0,
              hotjar: n % 3 === 0,
              'facebook-pixel': false,
            },
            config_version: version,
            locale: n % 4 === 0 ? 'nl' : 'en',
            page: 'https://shop.example.com/products/1',
          }),
        });
        await res.arrayBuffer();
        if (res.status !== 201) failed += 1;
      }
    };
    const ingest = Promise.all(Array.from({ length: CONCURRENCY }, client));
    const loaded = await probe(server.base, ingest);
    const seconds = (performance.now() - start) / 1000;
    console.log(
      `ingest: ${String(RECORDS)} records in ${seconds.toFixed(2)} s = ${(RECORDS / seconds).toFixed(0)} records/s (${String(failed)} not 201), concurrency ${String(CONCURRENCY)}`,
    );
    printStats('GET /api/health (ms)', { 'idle control': idle, 'during ingest': loaded });
    console.log(`health p99 during ingest - idle: ${ms(loaded.p99 - idle.p99)} ms`);

    // Fill to FILL records straight into the file (what HTTP would take minutes to send).
    const have = RECORDS - failed;
    const day = 86_400_000;
    for (let start = have; start < FILL; start += 5_000) {
      const batch: NewConsentRecord[] = [];
      for (let i = start; i < Math.min(FILL, start + 5_000); i += 1) {
        batch.push({
          siteId: 'demo',
          consentId: `filled-${String(i).padStart(10, '0')}`,
          createdAt: new Date(Date.now() - 365 * day + (i / FILL) * 365 * day).toISOString(),
          choices: { 'google-analytics': i % 2 === 0, hotjar: i % 5 === 0 },
          configVersion: 1,
          configEtag: version,
          locale: i % 3 === 0 ? 'nl' : 'en',
          page: 'https://shop.example.com/',
          userAgent: 'Mozilla/5.0',
          ipHash: 'x'.repeat(43),
        });
      }
      await insertConsentRecords(db, batch);
    }
    // The fill kept this loop busy: let the idle keep-alive sockets close before reusing any.
    await new Promise((wake) => setTimeout(wake, 6_000));
    const first = (await (await api('/consent-records?limit=50')).json()) as Array<{ id: number }>;
    const before = first[first.length - 1]?.id ?? 1;
    const get = (path: string) => async () => {
      const res = await api(path);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${String(res.status)}`);
    };
    printStats(`records page at ${String(FILL)} records (ms)`, {
      'first page (limit 50)': await time(200, get('/consent-records?limit=50')),
      'next page (before)': await time(
        200,
        get(`/consent-records?limit=50&before=${String(before)}`),
      ),
      'consent id': await time(200, get('/consent-records?consent_id=filled-0000500000')),
      'application filter': await time(200, get('/consent-records?limit=50&application=hotjar')),
    });
  } finally {
    await server.stop();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

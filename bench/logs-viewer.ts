/**
 * `npm run bench:logs`: the live log viewer under load, in headless Chromium against the real
 * service. For each run: a fresh temp database with the demo (generator off), 20,000 entries
 * pre-filled into `analytics`, the viewer opened at /apps/analytics/logs and scrolled up until its
 * 20,000-entry buffer is full (then back to live, so every append drops old lines), then a producer POSTs 1,000 entries/s for 30 s (100 every 100 ms).
 *
 * Measured in the page: p95 frame time (requestAnimationFrame deltas), the longest main-thread
 * task (PerformanceObserver 'longtask', which reports tasks over 50 ms), the JS heap at the end
 * (CDP Runtime.getHeapUsage, before and after a forced GC), and ingestion-to-screen latency:
 * every entry carries the producer's send time in `data.sent` (shown as `sent=…`); a MutationObserver notes when a
 * row with that entry is added to the list and the next animation frame (the paint that shows
 * it) stamps it. Only rows that reach the screen count: while following at 1,000 lines/s most
 * lines scroll past between two paints without ever being drawn. The volume chart over the list
 * must be on screen (the run fails otherwise), refetching its counts while live.
 *
 * Options (env): RUNS (3), SECONDS (30), RATE (1000 entries/s), PREFILL (20000), PORT (18460, +1 per run),
 * BUILD=0 to skip `vite build` when dist/ is fresh.
 */
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { SERVICE_NODE_FLAGS } from '../server/platform/node-flags';

const RUNS = Number(process.env.RUNS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 30);
const RATE = Number(process.env.RATE ?? 1000);
const PREFILL = Number(process.env.PREFILL ?? 20_000);
const PORT = Number(process.env.PORT ?? 18460);
const APP = 'analytics';
const TICK_MS = 100;
/** PROFILE=1 prints the functions with the most self time during the load (CDP profiler). */
const PROFILE = process.env.PROFILE === '1';

interface CpuProfile {
  nodes: Array<{
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  samples: number[];
  timeDeltas: number[];
}

function printProfile(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    if (!node) return;
    const frame = node.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}`;
    self.set(name, (self.get(name) ?? 0) + delta);
  });
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`profile: ${(total / 1000).toFixed(0)} ms sampled`);
  for (const [name, micros] of top)
    console.log(`  ${(micros / 1000).toFixed(1).padStart(8)} ms  ${name}`);
}

interface RunResult {
  frameP95: number;
  frameP99: number;
  frameMax: number;
  frames: number;
  longestTask: number;
  longTasks: number;
  heapUsedMb: number;
  heapAfterGcMb: number;
  latencyP50: number;
  latencyP95: number;
  latencySamples: number;
  sent: number;
  /** Entries in the buffer when the producer started. */
  filled: number;
  bufferCount: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function median(values: number[]): number {
  return percentile(values, 50);
}

async function startServer(
  dir: string,
  port: number,
): Promise<{ child: ChildProcess; token: string }> {
  const child = spawn('npx', ['tsx', ...SERVICE_NODE_FLAGS, 'server/platform/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: join(dir, 'bench.db'),
      DEMO: '1',
      DEMO_LOGS: '0',
      STATIC_DIR: 'dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const token = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/#token=([^&\s]+)&site=demo/);
      if (match) {
        clearTimeout(timer);
        resolve(decodeURIComponent(match[1]!));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return { child, token };
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve();
      return;
    }
    child.once('exit', () => resolve());
    // The server runs under npx/tsx: signal the whole group we started.
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

async function ingest(port: number, token: string, entries: unknown[]): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${port}/api/apps/${APP}/logs`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Service-Site': 'demo',
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ logs: entries }),
  });
  if (!response.ok) throw new Error(`ingest failed: ${response.status} ${await response.text()}`);
}

const LEVELS = ['debug', 'info', 'info', 'info', 'warn', 'error'] as const;

function makeEntries(from: number, count: number, sent: number | null) {
  return Array.from({ length: count }, (_, offset) => {
    const seq = from + offset;
    return {
      level: LEVELS[seq % LEVELS.length],
      data: {
        seq,
        sent,
        message: `request ${seq} handled in ${(seq * 7) % 900} ms for /products/${seq % 97}`,
      },
      context: seq % 5 === 0 ? { job: { name: 'sync-inventory', id: seq } } : null,
    };
  });
}

/** Instruments the page before any of its scripts run. */
const PAGE_PROBE = `
(() => {
  const probe = { recording: false, frames: [], longTasks: [], latencies: [], seen: new Set() };
  window.__bench = probe;
  let last = 0;
  const frame = (now) => {
    if (probe.recording && last) probe.frames.push(now - last);
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (probe.recording) probe.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: false });
  const pendingRows = [];
  const collect = (node) => {
    if (!(node instanceof HTMLElement)) return;
    const rows = node.matches('[data-log-id]') ? [node] : node.querySelectorAll('[data-log-id]');
    for (const row of rows) pendingRows.push(row);
  };
  new MutationObserver((mutations) => {
    if (!probe.recording) return;
    const before = pendingRows.length;
    for (const mutation of mutations) for (const node of mutation.addedNodes) collect(node);
    if (pendingRows.length === before) return;
    requestAnimationFrame(() => {
      const shown = Date.now();
      for (const row of pendingRows.splice(0)) {
        const id = row.getAttribute('data-log-id');
        if (probe.seen.has(id)) continue;
        probe.seen.add(id);
        // Structured lines show data's fields as key=value; the expanded view as JSON.
        const match = /(?:"sent":|sent=)(\\d+)/.exec(row.textContent || '');
        if (match) probe.latencies.push(shown - Number(match[1]));
      }
    });
  }).observe(document, { childList: true, subtree: true });
})();
`;

function entryCount(page: Page): Promise<number> {
  return page.evaluate(() =>
    Number(document.querySelector('[data-entry-count]')?.getAttribute('data-entry-count') ?? 0),
  );
}

/**
 * Opens the viewer and fills its buffer the way an admin would: scrolling up loads older pages
 * until it holds `target` entries; End returns to the live end, where every append then pushes
 * the oldest lines out (the steady state of a busy app).
 */
async function fillViewer(page: Page, target: number): Promise<void> {
  const region = page.getByRole('region', { name: 'Log entries' });
  await region.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => document.querySelector('[data-tail-status="live"]') !== null);
  await region.hover();
  let last = -1;
  let stalled = 0;
  while (stalled < 20) {
    const count = await entryCount(page);
    if (count >= target) break;
    stalled = count === last ? stalled + 1 : 0;
    last = count;
    await page.mouse.wheel(0, -1_000_000);
    await page.waitForTimeout(100);
  }
  await page.keyboard.press('End');
  await page.waitForFunction(
    () => document.querySelector('[data-tail-status="live"]') !== null,
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * The volume chart over the list is drawn and inside the viewport: the bench measures the page
 * as an admin sees it, with the chart refetching its counts every few seconds while live.
 */
async function expectVolumeChartOnScreen(page: Page): Promise<void> {
  const chart = page.getByRole('img', { name: /^Log volume chart/ });
  await chart.waitFor({ timeout: 60_000 });
  const box = await chart.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport || box.y < 0 || box.y + box.height > viewport.height) {
    throw new Error(`The log volume chart is not on screen (${JSON.stringify(box)})`);
  }
}

async function runOnce(run: number): Promise<RunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-logs-'));
  // A port per run: the previous run's server may still be closing its sockets.
  const port = PORT + run - 1;
  const { child, token } = await startServer(dir, port);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  try {
    for (let from = 0; from < PREFILL; from += 1000) {
      await ingest(port, token, makeEntries(from, Math.min(1000, PREFILL - from), null));
    }
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(PAGE_PROBE);
    await page.goto(
      `http://127.0.0.1:${port}/apps/${APP}/logs#token=${encodeURIComponent(token)}&site=demo`,
    );
    await fillViewer(page, Math.min(PREFILL, 20_000));
    await expectVolumeChartOnScreen(page);
    const filled = await entryCount(page);
    const cdp = await context.newCDPSession(page);

    await page.evaluate(() => {
      (window as unknown as { __bench: { recording: boolean } }).__bench.recording = true;
    });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }
    let seq = PREFILL;
    let sent = 0;
    const perTick = Math.round((RATE * TICK_MS) / 1000);
    const ticks = Math.round((SECONDS * 1000) / TICK_MS);
    const started = Date.now();
    const inFlight: Promise<void>[] = [];
    for (let tick = 0; tick < ticks; tick++) {
      const due = started + tick * TICK_MS;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // RATE=0 is the control: the same page, idle, on the same (shared) machine.
      if (perTick > 0) inFlight.push(ingest(port, token, makeEntries(seq, perTick, Date.now())));
      seq += perTick;
      sent += perTick;
    }
    await Promise.all(inFlight);
    // Let the last poll land before stopping the clocks.
    await page.waitForTimeout(2500);
    const probe = await page.evaluate(() => {
      const bench = (
        window as unknown as {
          __bench: {
            recording: boolean;
            frames: number[];
            longTasks: number[];
            latencies: number[];
          };
        }
      ).__bench;
      bench.recording = false;
      const count = Number(
        document.querySelector('[data-entry-count]')?.getAttribute('data-entry-count') ?? 0,
      );
      return {
        frames: bench.frames,
        longTasks: bench.longTasks,
        latencies: bench.latencies,
        count,
      };
    });
    if (PROFILE)
      printProfile(((await cdp.send('Profiler.stop')) as { profile: CpuProfile }).profile);
    const heapBefore = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.send('HeapProfiler.collectGarbage');
    const heapAfter = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await context.close();
    const result: RunResult = {
      frameP95: percentile(probe.frames, 95),
      frameP99: percentile(probe.frames, 99),
      frameMax: Math.max(...probe.frames),
      frames: probe.frames.length,
      longestTask: probe.longTasks.length ? Math.max(...probe.longTasks) : 0,
      longTasks: probe.longTasks.length,
      heapUsedMb: heapBefore.usedSize / 2 ** 20,
      heapAfterGcMb: heapAfter.usedSize / 2 ** 20,
      latencyP50: percentile(probe.latencies, 50),
      latencyP95: percentile(probe.latencies, 95),
      latencySamples: probe.latencies.length,
      sent,
      filled,
      bufferCount: probe.count,
    };
    console.log(
      `run ${run}:`,
      JSON.stringify(result, (_, v: unknown) =>
        typeof v === 'number' ? Math.round(v * 10) / 10 : v,
      ),
    );
    return result;
  } finally {
    await browser.close();
    await stopServer(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.env.BUILD !== '0' || !existsSync('dist/index.html')) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }
  const results: RunResult[] = [];
  for (let run = 1; run <= RUNS; run++) results.push(await runOnce(run));
  const pick = (key: keyof RunResult) => median(results.map((result) => result[key]));
  const fmt = (value: number, digits = 1) => value.toFixed(digits);
  console.log(
    `\nMedians of ${RUNS} runs (${RATE} entries/s for ${SECONDS} s, ${PREFILL} pre-filled):`,
  );
  console.table({
    'p95 frame time (ms)': { median: fmt(pick('frameP95')), target: '< 20' },
    'p99 frame time (ms)': { median: fmt(pick('frameP99')), target: '' },
    'longest task (ms)': {
      median: pick('longestTask') === 0 ? 'none over 50' : fmt(pick('longestTask')),
      target: '< 100',
    },
    'long tasks (count)': { median: fmt(pick('longTasks'), 0), target: '' },
    'JS heap at end (MB)': { median: fmt(pick('heapUsedMb')), target: '< 150' },
    'JS heap after GC (MB)': { median: fmt(pick('heapAfterGcMb')), target: '' },
    'ingest-to-screen p50 (ms)': { median: fmt(pick('latencyP50'), 0), target: '' },
    'ingest-to-screen p95 (ms)': {
      median: fmt(pick('latencyP95'), 0),
      target: RATE <= 10 ? '<= 150' : '<= 400',
    },
    'entries in buffer at start': { median: fmt(pick('filled'), 0), target: '20000' },
    'entries in buffer at end': { median: fmt(pick('bufferCount'), 0), target: '20000' },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

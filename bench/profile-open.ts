/**
 * `tsx bench/profile-open.ts`: where the time of opening the visual mode (and of a canvas
 * keystroke) goes, as a CPU profile of the page summed by function (self time), on the bench's
 * 20 kB template and on the 25 kB receipt. BUILD_DIR: a `vite build --manifest` output to use.
 */
import type { CDPSession, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { functionLabel, largest, selfTimeByNode, type Profile } from './cpu-profile';
import { openOnBigTemplate } from './editor';

const OPENS = Number(process.env.OPENS ?? 4);

/** Inclusive time per function (ms): every sample counts once for each function on its stack. */
function topTotal(profile: Profile, count: number): string[] {
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const total = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame && frame.url !== '') seen.add(functionLabel(frame));
    }
    for (const key of seen)
      total.set(key, (total.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return largest(total, count).map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${key}`);
}

/** Self time per function (ms), the top `count`. */
function topSelf(profile: Profile, count: number): string[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (const [id, ms] of selfTimeByNode(profile)) {
    const frame = byId.get(id)?.callFrame;
    if (frame) self.set(functionLabel(frame), (self.get(functionLabel(frame)) ?? 0) + ms);
  }
  return largest(self, count).map(([key, ms]) => `${ms.toFixed(1).padStart(7)} ms  ${key}`);
}

async function profiled<T>(cdp: CDPSession, work: () => Promise<T>): Promise<[T, Profile]> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  return [result, profile];
}

interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  ts: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

/** Wall time of the main-thread timeline events, by name (nested events counted in their parents too). */
async function traced<T>(page: Page, work: () => Promise<T>): Promise<[T, string[]]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    // The protocol types the events as string maps; they are trace events.
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  const result = await work();
  await cdp.send('Tracing.end');
  await done;
  const byName = new Map<string, { ms: number; n: number }>();
  for (const event of events) {
    if (event.ph !== 'X' || event.dur === undefined) continue;
    const entry = byName.get(event.name) ?? { ms: 0, n: 0 };
    entry.ms += event.dur / 1000;
    entry.n += 1;
    byName.set(event.name, entry);
  }
  const marks = events
    .filter((e) => e.ph === 'R' || e.ph === 'I' || e.ph === 'b' || e.ph === 'e')
    .filter((e) => e.name.startsWith('sc:'))
    .map((e) => `${e.name}@${String(e.ts)}`);
  const rows = [...byName]
    .sort((a, b) => b[1].ms - a[1].ms)
    .slice(0, 25)
    .map(([name, { ms, n }]) => `${ms.toFixed(1).padStart(7)} ms ×${String(n).padEnd(4)} ${name}`);
  const start = Math.min(...events.filter((e) => e.name === 'EventDispatch').map((e) => e.ts));
  const timeline = events
    .filter((e) => e.ph === 'X' && (e.dur ?? 0) > 3000 && !e.name.startsWith('V8.'))
    .sort((a, b) => a.ts - b.ts)
    .map(
      (e) =>
        `${((e.ts - start) / 1000).toFixed(1).padStart(7)} +${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)} ms ${e.name} ${e.args?.data?.functionName ?? ''} ${(e.args?.data?.url ?? '').split('/').pop() ?? ''}`,
    );
  return [result, [...rows.slice(0, 8), ...marks, '--- timeline (> 3 ms)', ...timeline]];
}

async function openOnce(page: Page): Promise<number> {
  await page.evaluate(() => {
    (window as unknown as { __t: number }).__t = performance.now();
    [...document.querySelectorAll<HTMLElement>('[aria-pressed]')]
      .find((b) => b.textContent === 'Visual')
      ?.click();
  });
  await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLIFrameElement>('iframe[title="Visual editor"]');
      if (!canvas?.contentDocument?.querySelector('.sc-frame-label')) return false;
      const w = window as unknown as { __t: number; __end: number };
      w.__end = performance.now();
      return true;
    },
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  return page.evaluate(() => {
    const w = window as unknown as { __t: number; __end: number };
    return w.__end - w.__t;
  });
}

async function main() {
  const staticDir = process.env.BUILD_DIR;
  if (!staticDir) throw new Error('BUILD_DIR: a vite build --manifest output');
  const api = await startTestApi({ staticDir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await openOnBigTemplate(api, browser);
    await page.getByRole('textbox', { name: 'HTML version' }).waitFor();
    const cdp = await page.context().newCDPSession(page);
    const totals: number[] = [];
    let merged: Profile | null = null;
    for (let i = 0; i < OPENS; i += 1) {
      if (i > 0) await page.getByRole('button', { name: 'Code' }).click();
      await page.waitForTimeout(300);
      const [ms, profile] = await profiled(cdp, () => openOnce(page));
      totals.push(ms);
      if (i === OPENS - 1) merged = profile;
    }
    console.log(`open visual (ms): ${totals.map((t) => t.toFixed(0)).join(', ')}`);
    if (merged) console.log(topSelf(merged, 15).join('\n'));
    if (merged) console.log('--- inclusive\n' + topTotal(merged, 45).join('\n'));
    await page.getByRole('button', { name: 'Code' }).click();
    await page.waitForTimeout(300);
    const [ms, rows] = await traced(page, () => openOnce(page));
    console.log(`--- traced open: ${ms.toFixed(0)} ms`);
    console.log(rows.join('\n'));
    // A keystroke in the canvas.
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    await canvas.locator('#typed').click();
    await page.keyboard.press('End');
    const [, keys] = await profiled(cdp, async () => {
      for (let i = 0; i < 20; i += 1) {
        await page.keyboard.type('x');
        await page.waitForTimeout(50);
      }
    });
    console.log('--- 20 canvas keys');
    console.log(topSelf(keys, 25).join('\n'));
    console.log('--- inclusive\n' + topTotal(keys, 45).join('\n'));
  } finally {
    await browser.close();
    await api.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Profiles canvas keystrokes (not a benchmark): a CPU profile and a timeline trace of KEYS letters typed into the
 * big template's paragraph in visual mode, summarised by function (self time) and by main-thread event.
 * `BUILD_DIR=<vite build output> KEYS=30 TARGET='#typed' npx tsx bench/profile-canvas.ts`
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { openOnBigTemplate } from './editor';

const KEYS = Number(process.env.KEYS ?? 30);
const TARGET = process.env.TARGET ?? '#typed';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  ts: number;
  args?: {
    beginData?: { frame?: string; dirtyObjects?: number; totalObjects?: number };
    data?: { frame?: string; url?: string; name?: string };
  };
}

async function main() {
  const dir = process.env.BUILD_DIR;
  if (!dir) throw new Error('BUILD_DIR is required');
  const api = await startTestApi({ staticDir: dir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    const page = await openOnBigTemplate(api, browser);
    await page.getByRole('button', { name: 'Visual', exact: true }).click();
    const canvas = page.frameLocator('iframe[title="Visual editor"]');
    await canvas.locator(TARGET).first().click();
    await page.keyboard.press('End');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => {
      events.push(...(data.value as unknown as TraceEvent[]));
    });
    const traced = new Promise<void>((resolve) =>
      cdp.once('Tracing.tracingComplete', () => resolve()),
    );
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
      transferMode: 'ReportEvents',
    });
    await cdp.send('Profiler.start');
    const started = Date.now();
    for (let i = 0; i < KEYS; i += 1) {
      await page.keyboard.type('abcdefghijklmnopqrstuvwxyz'[i % 26] ?? 'x');
      // Let each key settle (the preview too) as a user's next key would come later.
      await page.waitForTimeout(150);
    }
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    await cdp.send('Tracing.end');
    await traced;
    console.log(`${KEYS} keys in ${Date.now() - started} ms (incl. ${KEYS * 150} ms of waits)`);
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) =>
      self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
    );
    const byName = new Map<string, number>();
    for (const node of profile.nodes) {
      const { functionName, url, lineNumber } = node.callFrame;
      const file = url.split('/').pop() ?? '';
      const key = `${functionName || '(anon)'} ${file}:${lineNumber}`;
      byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
    }
    console.log('\nCPU self time per key (ms), top 40:');
    for (const [name, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`${(us / 1000 / KEYS).toFixed(2).padStart(8)}  ${name}`);
    }
    // Inclusive time by function (recursion counted once per stack), for the callers' share.
    const parent = new Map<number, number>();
    for (const node of profile.nodes)
      for (const child of node.children ?? []) parent.set(child, node.id);
    const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
    const inclusive = new Map<string, number>();
    for (const [id, us] of self) {
      const seen = new Set<string>();
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const frame = nodeById.get(at)?.callFrame;
        if (!frame || frame.functionName === '' || frame.functionName.startsWith('(')) continue;
        const key = `${frame.functionName} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber}`;
        if (seen.has(key)) continue;
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + us);
      }
    }
    // Under a synchronous React render: which components, and what started it.
    const underSync = new Map<string, number>();
    for (const [id, us] of self) {
      const chain: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        chain.push(nodeById.get(at)?.callFrame.functionName ?? '');
      }
      const sync = chain.indexOf('performSyncWorkOnRoot');
      if (sync === -1) continue;
      const components = chain.slice(0, sync).filter((name) => /^[A-Z]/.test(name));
      const key = `${components.reverse().slice(0, 4).join(' > ')} <= ${chain.slice(sync, sync + 6).join(' < ')}`;
      underSync.set(key, (underSync.get(key) ?? 0) + us);
    }
    console.log('\nUnder performSyncWorkOnRoot per key (ms):');
    for (const [name, us] of [...underSync].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
      console.log(`${(us / 1000 / KEYS).toFixed(2).padStart(8)}  ${name}`);
    }
    console.log('\nCPU inclusive time per key (ms), top 60:');
    for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 60)) {
      console.log(`${(us / 1000 / KEYS).toFixed(2).padStart(8)}  ${name}`);
    }
    // Main-thread timeline: complete events on the renderer main thread, summed by name.
    const main = events.find((e) => e.name === 'RunTask');
    const byEvent = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e.dur === undefined || !main || e.tid !== main.tid || e.pid !== main.pid)
        continue;
      byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + e.dur);
    }
    console.log('\nMain-thread events per key (ms, nested events overlap), top 25:');
    for (const [name, us] of [...byEvent].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`${(us / 1000 / KEYS).toFixed(2).padStart(8)}  ${name}`);
    }
    // Layout per frame: which document is laid out per key, and how much of it.
    const layouts = new Map<string, { n: number; us: number; dirty: number; total: number }>();
    for (const e of events) {
      if (e.name !== 'Layout' || e.dur === undefined) continue;
      const frame = e.args?.beginData?.frame ?? '?';
      const row = layouts.get(frame) ?? { n: 0, us: 0, dirty: 0, total: 0 };
      row.n += 1;
      row.us += e.dur;
      row.dirty += e.args?.beginData?.dirtyObjects ?? 0;
      row.total += e.args?.beginData?.totalObjects ?? 0;
      layouts.set(frame, row);
    }
    const names = new Map<string, string>();
    for (const e of events) {
      const data = e.args?.data;
      if (data?.frame && data.url !== undefined)
        names.set(data.frame, `${data.name ?? ''} ${data.url.slice(0, 40)}`);
    }
    console.log('\nLayout per frame (per key): count, ms, dirty objects, total objects');
    for (const [frame, row] of layouts) {
      console.log(
        `${(row.n / KEYS).toFixed(1)} ${(row.us / 1000 / KEYS).toFixed(2)} ms dirty ${Math.round(row.dirty / row.n)} of ${Math.round(row.total / row.n)}  ${frame.slice(0, 8)} ${names.get(frame) ?? ''}`,
      );
    }
  } finally {
    await browser.close();
    await api.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

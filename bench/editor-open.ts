/**
 * `npx tsx bench/editor-open.ts`: the template editor's first open, before and after, in one run
 * (issue 37, decision 083). Two builds are served by two real services (a fresh SQLite file
 * each): BEFORE_DIR (a `vite build --manifest` of the baseline, e.g. main) and AFTER_DIR (this
 * tree's; built into a temp folder when unset). ROUNDS times (8), alternating which goes first, a
 * fresh browser context opens the order confirmation as a new admin (who starts in Visual) and
 * stamps, in the page, the time from navigation start to the canvas drawn (its first frame label
 * in the iframe, checked on every animation frame); the JavaScript the page fetched by then
 * (bytes as served, and files) is counted from the responses. Reports the medians and p95 of each
 * build and the after/before ratios; the load goes beside them (`uptime`).
 */
import { chromium, type Browser, type Response } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startTestApi, type TestApi } from '../server/platform/test-support.test-helper';
import { build } from './editor';
import { ms, stat } from './stats';

const ROUNDS = Number(process.env.ROUNDS ?? 8);

interface Open {
  drawnMs: number;
  jsBytes: number;
  jsFiles: number;
}

async function openOnce(api: TestApi, browser: Browser): Promise<Open> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const js: Promise<number>[] = [];
  let counting = true; // until the canvas is drawn
  page.on('response', (response: Response) => {
    if (!counting || !response.url().endsWith('.js')) return;
    js.push(response.body().then((body) => body.length));
  });
  const connection = { baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' };
  await page.addInitScript(
    ([conn]) => window.localStorage.setItem('site-console.connection', JSON.stringify(conn)),
    [connection] as const,
  );
  await page.goto(`${api.baseUrl}/notifications/order-confirmation`);
  const drawnMs = await page.waitForFunction(
    () => {
      const canvas = document.querySelector<HTMLIFrameElement>('iframe[title="Visual editor"]');
      return canvas?.contentDocument?.querySelector('.sc-frame-label') ? performance.now() : 0;
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
  const drawn = await drawnMs.jsonValue();
  counting = false;
  const sizes = await Promise.all(js);
  await context.close();
  return { drawnMs: drawn, jsBytes: sizes.reduce((a, b) => a + b, 0), jsFiles: sizes.length };
}

async function main() {
  const before = process.env.BEFORE_DIR;
  if (!before) throw new Error('BEFORE_DIR: a `vite build --manifest` of the baseline');
  const after = process.env.AFTER_DIR ?? build().dir;
  const apis = {
    before: await startTestApi({ staticDir: before }),
    after: await startTestApi({ staticDir: after }),
  };
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  const results: Record<'before' | 'after', Open[]> = { before: [], after: [] };
  try {
    for (const name of ['before', 'after'] as const) await openOnce(apis[name], browser); // warm-up
    for (let round = 0; round < ROUNDS; round += 1) {
      const order =
        round % 2 === 0 ? (['before', 'after'] as const) : (['after', 'before'] as const);
      for (const name of order) results[name].push(await openOnce(apis[name], browser));
    }
  } finally {
    await browser.close();
    await apis.before.close();
    await apis.after.close();
  }
  const summary = (name: 'before' | 'after') => {
    const drawn = stat(results[name].map((r) => r.drawnMs));
    const bytes = stat(results[name].map((r) => r.jsBytes)).median;
    const files = stat(results[name].map((r) => r.jsFiles)).median;
    console.log(
      `${name.padEnd(7)} canvas drawn median ${ms(drawn.median)} ms, p95 ${ms(drawn.p95)} ms (n ${drawn.n}); JS fetched by then ${(bytes / 1024).toFixed(1)} kB as served in ${files} files`,
    );
    return { drawn, bytes };
  };
  const b = summary('before');
  const a = summary('after');
  console.log(
    `ratio after/before: canvas drawn median ${(a.drawn.median / b.drawn.median).toFixed(2)}, p95 ${(a.drawn.p95 / b.drawn.p95).toFixed(2)}; JS ${(a.bytes / b.bytes).toFixed(2)}`,
  );
}

await main();

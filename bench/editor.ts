/**
 * `npm run bench:editor`: the notification editor's keystroke-to-preview latency and the size of
 * its on-demand JavaScript, in headless Chromium against the real service.
 *
 * Build: `vite build --manifest` into a temp folder (BUILD_DIR to reuse one). The editor's own
 * JS is every chunk the editor route reaches (its page chunk, the lazily imported editor with
 * CodeMirror and liquidjs, and their static imports) that the app's entry does not already load,
 * gzipped; html-to-text ("Generate text from HTML", loaded on its click) is reported apart.
 *
 * Latency, per run (fresh service on a temp SQLite database, fresh browser): the order
 * confirmation gets a ~20 kB HTML template that loops over the order lines, the preview uses the
 * "Many lines" sample (50 lines), then KEYS characters are typed into the HTML editor one at a
 * time. In the page, a keydown listener stamps the key; the first change of the preview
 * iframe's `srcdoc` after it stamps "rendered", and the iframe's next `load` event (the new
 * document parsed and laid out) stamps "shown". The next key is pressed only once the previous
 * one is shown. RUNS runs (3); the medians of the per-run p50/p95 are reported.
 *
 * Visual mode, in the same run and page (so the code-mode keystroke is the baseline): OPENS times
 * "Visual" is clicked and the time to the canvas drawn (its first frame label in the iframe, seen
 * by a check on every animation frame) is stamped; then VISUAL_KEYS characters are typed into the canvas, once into a
 * paragraph and once into the first repetition of the 50-line loop (the other 49 follow). A
 * capturing `keydown` in the canvas stamps the key; the canvas's first DOM mutation after it
 * stamps "source updated" (the canvas owns its input since decision 037: it dispatches the edit
 * to the code editor's document and then rewrites its DOM, in the key's own task; no `input`
 * event fires) and "canvas updated" at the next painted frame (rAF, then a task, so whatever
 * React renders before that frame is in it), and the preview's next `srcdoc` change "preview
 * updated". As in code mode, the next key waits until the preview iframe has loaded.
 *
 * Then the same page gets a ~25 kB receipt-style template (the property test's receipt, its item
 * rows repeated, with a loop over the order lines): open visual mode and a canvas keystroke again.
 */
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startTestApi, type TestApi } from '../server/platform/test-support.test-helper';
import { sideBySideCase } from './editor-side-by-side';

const RUNS = Number(process.env.RUNS ?? 3);
const KEYS = Number(process.env.KEYS ?? 150);
const OPENS = Number(process.env.OPENS ?? 8);
const VISUAL_KEYS = Number(process.env.VISUAL_KEYS ?? 60);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
const median = (values: number[]) => percentile(values, 50);

interface Percentiles {
  p50: number;
  p95: number;
  p99: number;
}

function percentiles(values: number[]): Percentiles {
  return { p50: percentile(values, 50), p95: percentile(values, 95), p99: percentile(values, 99) };
}

/** A ~20 kB e-mail: styles, a header, a loop over the order lines, and filler sections. */
export function bigTemplate(): string {
  const head = `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:Helvetica,Arial,sans-serif;color:#222;margin:0;padding:0}
.wrap{max-width:600px;margin:0 auto;padding:24px}
.line td{padding:6px 0;border-bottom:1px solid #eee}
.total td{font-weight:bold;padding-top:12px}
h1{font-size:22px} p{line-height:1.5}
</style></head><body><div class="wrap">
<h1>Thank you for your order, {{ customer.first_name | default: "there" }}!</h1>
<p>Order <strong>{{ order.number }}</strong> placed on {{ order.created_at | date: "%B %-d, %Y" }}.</p>
<table role="presentation" style="width:100%;border-collapse:collapse">
{% for line in order.lines %}
<tr class="line"><td>{{ forloop.index }}.</td><td>{{ line.quantity }} &times; {{ line.name | escape }}{% if line.variant %} <small>({{ line.variant }})</small>{% endif %}</td><td class="stock">In stock</td><td style="text-align:right">{{ line.price }} {{ order.currency }}</td></tr>
{% endfor %}
<tr class="total"><td></td><td>Total</td><td style="text-align:right">{{ order.total }} {{ order.currency }}</td></tr>
</table>\n`;
  // E-mail-style blocks: a table per section, inline styles, Liquid in text, attributes and an if.
  const section = (i: number) =>
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin-top:24px"><tr><td style="padding:0 8px">
<h2 style="font-size:16px;margin:0 0 8px">Section ${i}: about your order</h2>
<p style="color:#444;margin:0">{% if order.lines.size > 10 %}A big order, {{ customer.first_name }}!{% else %}Thanks again.{% endif %} We ship from {{ shop.address | default: shop.name }} within two working days. Questions? Write to <a href="mailto:{{ shop.email }}" style="color:#4f46e5">{{ shop.email }}</a>.</p>
</td></tr></table>\n`;
  let body = '';
  for (let i = 1; (head + body).length < 19_500; i += 1) body += section(i);
  return `${head}${body}<p id="typed">Typed: </p>\n<p>{{ shop.name }}</p></div></body></html>`;
}

export function build(): { dir: string; temporary: boolean } {
  if (process.env.BUILD_DIR && existsSync(join(process.env.BUILD_DIR, '.vite/manifest.json'))) {
    return { dir: process.env.BUILD_DIR, temporary: false };
  }
  const dir = mkdtempSync(join(tmpdir(), 'bench-editor-dist-'));
  const result = spawnSync(
    'npx',
    ['vite', 'build', '--manifest', '--outDir', dir, '--emptyOutDir'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (result.status !== 0) throw new Error('vite build failed');
  return { dir, temporary: true };
}

function reach(
  manifest: Manifest,
  start: string,
  followDynamic: (key: string) => boolean,
): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
    for (const next of manifest[key].dynamicImports ?? []) if (followDynamic(next)) visit(next);
  };
  visit(start);
  return seen;
}

function gzipKb(dir: string, manifest: Manifest, keys: Iterable<string>): number {
  let bytes = 0;
  for (const key of keys) {
    const file = manifest[key]?.file;
    if (file?.endsWith('.js'))
      bytes += gzipSync(readFileSync(join(dir, file)), { level: 9 }).length;
  }
  return bytes / 1024;
}

function bundleSizes(dir: string) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const page = 'src/features/notifications/editor/notification-editor-page.tsx';
  const editor = 'src/features/notifications/editor/notification-editor.tsx';
  if (!entry || !manifest[page] || !manifest[editor])
    throw new Error('editor chunks not in the manifest');
  const baseline = reach(manifest, entry, () => false);
  const editorJs = reach(manifest, page, (key) => key === editor);
  const own = [...editorJs].filter((key) => !baseline.has(key));
  const htmlToText = [...reach(manifest, editor, () => true)].filter(
    (key) =>
      !baseline.has(key) &&
      !editorJs.has(key) &&
      /html-to-text|generate-text/.test(key + (manifest[key]?.file ?? '')),
  );
  return {
    editorGzipKb: gzipKb(dir, manifest, own),
    chunks: own.map((key) => manifest[key]!.file),
    htmlToTextGzipKb: gzipKb(dir, manifest, htmlToText),
    entryGzipKb: gzipKb(dir, manifest, baseline),
  };
}

interface RunResult {
  rendered: number[];
  shown: number[];
  open: number[];
  canvasText: VisualTyping;
  canvasLoop: VisualTyping;
  receiptOpen: number[];
  receiptText: VisualTyping;
  side: { off: VisualTyping; on: VisualTyping };
}

/**
 * A ~25 kB receipt in the style of the property test's corpus: its item rows repeated, a loop
 * over the order lines (the frame label the open timing waits for) and a "Typed:" paragraph.
 */
export function receiptTemplate(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const receipt = readFileSync(join(here, '..', 'e2e', 'canvas-corpus', 'receipt.html'), 'utf8');
  const row = (i: number) => `
                <tr>
                  <td class="purchase_item"><span class="f-fallback">Item ${String(i)}: annual plan &amp; <a href="https://example.com/items/${String(i)}">support</a></span></td>
                  <td class="align-right" width="20%"><strong>&euro;${String(10 + i)}.00</strong></td>
                </tr>`;
  let rows = `
                {% for line in order.lines %}<tr><td>{{ line.name }}</td><td>{{ line.price }}</td></tr>{% endfor %}`;
  for (let i = 1; receipt.length + rows.length < 25_000; i += 1) rows += row(i);
  return receipt
    .replace('</h1>', '</h1>\n              <p id="typed">Typed:</p>')
    .replace(/(<table class="purchase"[^>]*>)/, `$1${rows}`);
}

interface VisualTyping {
  handled: number[];
  canvas: number[];
  preview: number[];
}

type OpenStamps = Window & { __open?: { start: number; end: number } };

type Stamped = Window & {
  __visual?: VisualTyping & { key: number; waiting: boolean; waitingLoad: boolean; loaded: number };
};

/**
 * Clicks "Visual" OPENS times (back to "Code" between) and times each until the canvas is drawn:
 * every selector of `drawn` is in the canvas (its frame label by default).
 */
export async function openVisual(
  page: Page,
  drawn: readonly string[] = ['.sc-frame-label'],
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < OPENS; i += 1) {
    if (i > 0) await page.getByRole('button', { name: 'Code' }).click();
    // Named functions inside evaluate would need tsx's `__name` helper in the page: inline only.
    await page.evaluate(() => {
      (window as OpenStamps).__open = { start: performance.now(), end: 0 };
      [...document.querySelectorAll<HTMLElement>('[aria-pressed]')]
        .find((b) => b.textContent === 'Visual')
        ?.click();
    });
    await page.waitForFunction(
      (selectors) => {
        const canvas = document.querySelector<HTMLIFrameElement>('iframe[title="Visual editor"]');
        const stamps = (window as OpenStamps).__open;
        const doc = canvas?.contentDocument;
        if (!stamps || !doc || selectors.some((selector) => !doc.querySelector(selector)))
          return false;
        stamps.end = performance.now();
        return true;
      },
      drawn,
      { polling: 'raf', timeout: 30_000 },
    );
    const elapsed = await page.evaluate(() => {
      const stamps = (window as OpenStamps).__open;
      return stamps ? stamps.end - stamps.start : Number.NaN;
    });
    times.push(elapsed);
  }
  return times;
}

/** Types VISUAL_KEYS letters at the end of `target` in the canvas, timing each to the canvas and the preview. */
export async function typeInCanvas(page: Page, target: string): Promise<VisualTyping> {
  await page.evaluate(() => {
    const stamps = {
      key: 0,
      waiting: false,
      handled: [] as number[],
      canvas: [] as number[],
      preview: [] as number[],
      waitingLoad: false,
      loaded: 0,
    };
    (window as Stamped).__visual = stamps;
    const doc = document.querySelector<HTMLIFrameElement>(
      'iframe[title="Visual editor"]',
    )?.contentDocument;
    doc?.addEventListener(
      'keydown',
      () => {
        stamps.key = performance.now();
        stamps.waiting = true;
        stamps.waitingLoad = true;
      },
      true,
    );
    let pending = false;
    doc?.addEventListener('keydown', () => {
      pending = true;
    });
    if (doc) {
      new MutationObserver(() => {
        if (!pending) return;
        pending = false;
        stamps.handled.push(performance.now() - stamps.key);
        requestAnimationFrame(() =>
          setTimeout(() => stamps.canvas.push(performance.now() - stamps.key)),
        );
      }).observe(doc.body, { childList: true, subtree: true, characterData: true });
    }
    const preview = document.querySelector('iframe[title="HTML preview"]');
    if (preview) {
      new MutationObserver(() => {
        if (!stamps.waiting) return;
        stamps.waiting = false;
        stamps.preview.push(performance.now() - stamps.key);
      }).observe(preview, { attributes: true, attributeFilter: ['srcdoc'] });
      // As in code mode, the next key waits until the preview has loaded this one's e-mail.
      preview.addEventListener('load', () => {
        if (!stamps.waitingLoad || stamps.waiting) return;
        stamps.waitingLoad = false;
        stamps.loaded += 1;
      });
    }
  });
  const canvas = page.frameLocator('iframe[title="Visual editor"]');
  await canvas.locator(target).first().click();
  await page.keyboard.press('End');
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < VISUAL_KEYS; i += 1) {
    await page.keyboard.type(letters[i % letters.length]!);
    await page.waitForFunction(
      (n) => {
        const stamps = (window as Stamped).__visual;
        return (
          stamps !== undefined &&
          stamps.canvas.length >= n &&
          stamps.preview.length >= n &&
          stamps.loaded >= n
        );
      },
      i + 1,
      { timeout: 10_000 },
    );
  }
  const typed = await canvas.locator(target).first().textContent();
  if (!typed?.includes('abc')) throw new Error(`typing did not reach the canvas: ${typed}`);
  return page.evaluate(() => {
    const stamps = (window as Stamped).__visual;
    return {
      handled: stamps?.handled ?? [],
      canvas: stamps?.canvas ?? [],
      preview: stamps?.preview ?? [],
    };
  });
}

async function putTemplate(api: TestApi, html: string) {
  const current = await api.request('GET', '/notifications/order-confirmation');
  const put = await api.request('PUT', '/notifications/order-confirmation', {
    body: { html, html_enabled: true },
    headers: { 'if-match': current.headers.get('etag') ?? '*' },
  });
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status} ${put.text}`);
}

/**
 * The editor of `slug` in a 1440×900 page of its own, signed in as the demo's admin, in Code, on
 * the "Many lines" sample, once the HTML's code view is there.
 */
export async function openInCode(
  api: TestApi,
  browser: Browser,
  slug = 'order-confirmation',
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const connection = { baseUrl: `${api.baseUrl}/api`, token: api.adminToken, site: 'demo' };
  await page.addInitScript(
    ([conn]) => {
      window.localStorage.setItem('site-console.connection', JSON.stringify(conn));
      // The benches type in the code first and time opening the visual mode from it: start in
      // Code (a new admin starts in Visual, which the editor remembers per browser).
      window.localStorage.setItem('site-console:notification-editor:html-mode', '"code"');
    },
    [connection] as const,
  );
  await page.goto(`${api.baseUrl}/notifications/${slug}`);
  await page.getByRole('button', { name: 'Many lines' }).click();
  await page.getByRole('textbox', { name: 'HTML version' }).waitFor();
  return page;
}

/** The order confirmation given the big template, opened in Code (`openInCode`). */
export async function openOnBigTemplate(api: TestApi, browser: Browser): Promise<Page> {
  await putTemplate(api, bigTemplate());
  return openInCode(api, browser);
}

async function run(staticDir: string): Promise<RunResult> {
  const api = await startTestApi({ staticDir });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: chromiumArgs,
  });
  try {
    const page = await openOnBigTemplate(api, browser);
    const html = page.getByRole('textbox', { name: 'HTML version' });
    await html.waitFor();
    await page.evaluate(() => {
      const stamps = {
        key: 0,
        rendered: [] as number[],
        shown: [] as number[],
        waitingRender: false,
        waitingLoad: false,
      };
      (window as unknown as { __bench: typeof stamps }).__bench = stamps;
      document.addEventListener(
        'keydown',
        () => {
          stamps.key = performance.now();
          stamps.waitingRender = true;
          stamps.waitingLoad = true;
        },
        true,
      );
      const iframe = document.querySelector('iframe[title="HTML preview"]')!;
      new MutationObserver(() => {
        if (!stamps.waitingRender) return;
        stamps.waitingRender = false;
        stamps.rendered.push(performance.now() - stamps.key);
      }).observe(iframe, { attributes: true, attributeFilter: ['srcdoc'] });
      iframe.addEventListener('load', () => {
        if (!stamps.waitingLoad || stamps.waitingRender) return;
        stamps.waitingLoad = false;
        stamps.shown.push(performance.now() - stamps.key);
      });
    });
    // Into the "Typed:" paragraph, just before its "</p>": every key changes the visible text.
    await html.click();
    await page.keyboard.press('Control+End');
    await page.locator('.cm-line', { hasText: 'id="typed"' }).click();
    await page.keyboard.press('End');
    for (let i = 0; i < 4; i += 1) await page.keyboard.press('ArrowLeft');
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (let i = 0; i < KEYS; i += 1) {
      await page.keyboard.type(letters[i % letters.length]!);
      await page.waitForFunction(
        (n) => (window as unknown as { __bench: { shown: number[] } }).__bench.shown.length >= n,
        i + 1,
        { timeout: 10_000 },
      );
    }
    const typed = await page
      .frameLocator('iframe[title="HTML preview"]')
      .locator('#typed')
      .textContent();
    if (!typed?.includes('abc')) throw new Error(`typing did not reach the preview: ${typed}`);
    const code = await page.evaluate(() => {
      const b = (window as unknown as { __bench: { rendered: number[]; shown: number[] } }).__bench;
      return { rendered: b.rendered, shown: b.shown };
    });
    const open = await openVisual(page);
    const canvasText = await typeInCanvas(page, '#typed');
    const canvasLoop = await typeInCanvas(page, '.stock');
    // The 25 kB receipt, in the same page: reloaded with it, from the code mode.
    await putTemplate(api, receiptTemplate());
    // The typing above is unsaved: leaving the page asks, and the bench says yes.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await page.getByRole('button', { name: 'Many lines', exact: true }).click();
    await page.getByRole('button', { name: 'Code' }).click();
    const receiptOpen = await openVisual(page);
    const receiptText = await typeInCanvas(page, '#typed');
    // A translation of the big template, side by side off and on (decision 047).
    const side = await sideBySideCase(api, browser, bigTemplate(), typeInCanvas);
    return { ...code, open, canvasText, canvasLoop, receiptOpen, receiptText, side };
  } finally {
    await browser.close();
    await api.close();
  }
}

async function main() {
  const { dir, temporary } = build();
  try {
    const sizes = bundleSizes(dir);
    const results: { p50: number; p95: number; shownP50: number; shownP95: number }[] = [];
    const visual: Record<string, Percentiles[]> = {};
    for (let i = 0; i < RUNS; i += 1) {
      const { rendered, shown, open, canvasText, canvasLoop, receiptOpen, receiptText, side } =
        await run(dir);
      const rows = {
        'code keystroke → preview updated': rendered,
        'open visual mode → canvas drawn': open,
        'canvas keystroke (paragraph) → source updated': canvasText.handled,
        'canvas keystroke (paragraph) → canvas updated': canvasText.canvas,
        'canvas keystroke (paragraph) → preview updated': canvasText.preview,
        'canvas keystroke (1st of 50 loop lines) → source updated': canvasLoop.handled,
        'canvas keystroke (1st of 50 loop lines) → canvas updated': canvasLoop.canvas,
        'canvas keystroke (1st of 50 loop lines) → preview updated': canvasLoop.preview,
        'open visual mode → canvas drawn (25 kB receipt)': receiptOpen,
        'canvas keystroke (25 kB receipt) → source updated': receiptText.handled,
        'canvas keystroke (25 kB receipt) → canvas updated': receiptText.canvas,
        'canvas keystroke (25 kB receipt) → preview updated': receiptText.preview,
        'canvas keystroke (nl translation, side by side off) → source updated': side.off.handled,
        'canvas keystroke (nl translation, side by side off) → canvas updated': side.off.canvas,
        'canvas keystroke (nl translation, side by side on) → source updated': side.on.handled,
        'canvas keystroke (nl translation, side by side on) → canvas updated': side.on.canvas,
      };
      for (const [name, values] of Object.entries(rows)) {
        const row = percentiles(values);
        (visual[name] ??= []).push(row);
        console.log(
          `run ${i + 1}: ${name}: p50 ${row.p50.toFixed(1)}, p95 ${row.p95.toFixed(1)}, p99 ${row.p99.toFixed(1)} ms (n=${values.length})`,
        );
      }
      const result = {
        p50: percentile(rendered, 50),
        p95: percentile(rendered, 95),
        shownP50: percentile(shown, 50),
        shownP95: percentile(shown, 95),
      };
      results.push(result);
      console.log(
        `run ${i + 1}: keystroke→preview updated p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms; ` +
          `→ iframe loaded p50 ${result.shownP50.toFixed(1)} ms, p95 ${result.shownP95.toFixed(1)} ms (${rendered.length} keys)`,
      );
    }
    console.log(
      `template: ${bigTemplate().length} chars, 50 order lines; receipt: ${receiptTemplate().length} chars`,
    );
    const baseline = visual['code keystroke → preview updated'] ?? [];
    const baseP95 = median(baseline.map((r) => r.p95));
    for (const [name, rows] of Object.entries(visual)) {
      const p95 = median(rows.map((r) => r.p95));
      console.log(
        `median of ${RUNS} runs: ${name}: p50 ${median(rows.map((r) => r.p50)).toFixed(1)}, ` +
          `p95 ${p95.toFixed(1)}, p99 ${median(rows.map((r) => r.p99)).toFixed(1)} ms; ` +
          `p95 ÷ code keystroke p95 = ${(p95 / baseP95).toFixed(2)}`,
      );
    }
    const sideP95 = (name: string) => median((visual[name] ?? []).map((r) => r.p95));
    console.log(
      `side by side on ÷ off, canvas updated p95 (median of runs): ${(
        sideP95('canvas keystroke (nl translation, side by side on) → canvas updated') /
        sideP95('canvas keystroke (nl translation, side by side off) → canvas updated')
      ).toFixed(2)}`,
    );
    console.log(
      `median of ${RUNS} runs: preview updated p50 ${median(results.map((r) => r.p50)).toFixed(1)} ms, ` +
        `p95 ${median(results.map((r) => r.p95)).toFixed(1)} ms; iframe loaded p50 ` +
        `${median(results.map((r) => r.shownP50)).toFixed(1)} ms, p95 ${median(results.map((r) => r.shownP95)).toFixed(1)} ms`,
    );
    console.log(
      `editor page JS on demand: ${sizes.editorGzipKb.toFixed(1)} kB gzip in ${sizes.chunks.length} chunks ` +
        `(${sizes.chunks.join(', ')}); html-to-text on click: ${sizes.htmlToTextGzipKb.toFixed(1)} kB; ` +
        `app entry: ${sizes.entryGzipKb.toFixed(1)} kB`,
    );
  } finally {
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('editor.ts'))
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });

/**
 * `npm run bench:editor:layout` (issue 38): the Visual canvas of a template drawn inside its layout
 * with three snippets, against the same template alone, in the same run and browser, alternated.
 *
 * The template is bench/editor.ts's ~20 kB order e-mail as a fragment (the layout holds its
 * document, styles and a footer snippet). Case "layout + 3 snippets": the template renders three
 * snippets between its sections and uses the layout; the canvas counts as drawn when its frame
 * label, the layout around it and the three snippet chips are there. Case "alone": the same
 * fragment without the layout and the snippets' tags; drawn at its frame label. Per case and
 * round: OPENS opens of Visual from Code, then VISUAL_KEYS keystrokes into the "Typed:" paragraph
 * (each timed to the canvas updated, as bench:editor does). ROUNDS rounds (3), each with a fresh
 * page per case; p50/p95/p99 over all samples of a case, and the ratios layout ÷ alone. Each
 * page's first open is also shown on its own: it is the one that loads the canvas's chunks.
 * Targets (issue 38, quiet machine): open p95 ≤ 300 ms, keystroke p95 ≤ 50 ms.
 */
import { chromium, type Browser } from '@playwright/test';
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromiumArgs, chromiumPath } from '../e2e/chromium';
import { startTestApi, type TestApi } from '../server/platform/test-support.test-helper';
import { bigTemplate, build, openInCode, openVisual, percentile, typeInCanvas } from './editor';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SLUG = 'order-confirmation';
const SNIPPETS = ['promo', 'support', 'legal'];

/** bench:editor's big template without its document: what a layout's `{{ content }}` holds. */
function fragment(): string {
  const whole = bigTemplate();
  const start = whole.indexOf('<div class="wrap">') + '<div class="wrap">'.length;
  return whole.slice(start, whole.lastIndexOf('</div></body>'));
}

/** The fragment with a snippet's tag after each of its first three sections. */
function withSnippets(html: string): string {
  let index = 0;
  return html.replace(/<\/td><\/tr><\/table>\n/g, (end) =>
    index < SNIPPETS.length ? `${end}{% render '${SNIPPETS[index++]!}' %}\n` : end,
  );
}

const LAYOUT_HTML = `<!doctype html><html><head><meta charset="utf-8"><style>
body{font-family:Helvetica,Arial,sans-serif;color:#222;margin:0}.wrap{max-width:600px;margin:0 auto;padding:24px}
</style></head><body><div class="wrap"><p class="brand">{{ shop.name }}</p>
{{ content }}
{% render 'footer' %}</div></body></html>`;

async function put(api: TestApi, path: string, body: unknown): Promise<void> {
  const current = await api.request('GET', path);
  const res = await api.request('PUT', path, {
    body,
    headers: current.status === 200 ? { 'if-match': current.headers.get('etag') ?? '*' } : {},
  });
  if (res.status !== 200 && res.status !== 201)
    throw new Error(`PUT ${path}: ${res.status} ${res.text}`);
}

async function seed(api: TestApi, withLayout: boolean): Promise<void> {
  await put(api, `/notifications/${SLUG}`, {
    html: withLayout ? withSnippets(fragment()) : fragment(),
    html_enabled: true,
    layout: withLayout ? 'bench' : null,
  });
}

interface Samples {
  open: number[];
  /** Each page's first open: the one that waited for the layout's chunk and the snippets. */
  first: number[];
  key: number[];
}

async function measure(api: TestApi, browser: Browser, withLayout: boolean, into: Samples) {
  await seed(api, withLayout);
  const page = await openInCode(api, browser);
  try {
    const drawn = withLayout
      ? ['.sc-frame-label', '.sc-layout', ...SNIPPETS.map((name) => `[data-snippet="${name}"]`)]
      : ['.sc-frame-label'];
    const opens = await openVisual(page, drawn);
    into.open.push(...opens);
    into.first.push(opens[0]!);
    into.key.push(...(await typeInCanvas(page, '#typed')).canvas);
  } finally {
    await page.close();
  }
}

function row(name: string, values: number[]): string {
  const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(values, p).toFixed(1));
  return `${name.padEnd(44)} ${p50!.padStart(8)} ${p95!.padStart(8)} ${p99!.padStart(8)} ${String(values.length).padStart(5)}`;
}

async function main(): Promise<void> {
  const { dir, temporary } = build();
  const api = await startTestApi({ staticDir: dir });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    for (const name of SNIPPETS) {
      await put(api, `/snippets/${name}`, {
        body: `<p class="${name}" style="margin:16px 0;color:#555">The ${name} block of {{ shop.name }}: {{ order.number }}.</p>`,
      });
    }
    await put(api, '/layouts/bench', { name: 'Bench', html: LAYOUT_HTML, text: '{{ content }}' });
    const load = [loadavg()[0]!.toFixed(1)];
    const alone: Samples = { open: [], first: [], key: [] };
    const layout: Samples = { open: [], first: [], key: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternated, and the order swapped each round, so neither case always follows the other.
      const order = round % 2 === 0 ? [false, true] : [true, false];
      for (const withLayout of order)
        await measure(api, browser, withLayout, withLayout ? layout : alone);
    }
    load.push(loadavg()[0]!.toFixed(1));
    console.log(`load ${load.join(' → ')}; ${ROUNDS} rounds; template ${fragment().length} chars`);
    console.log(
      `${'case (ms)'.padEnd(44)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'p99'.padStart(8)} ${'n'.padStart(5)}`,
    );
    console.log(row('open Visual → drawn, alone', alone.open));
    console.log(row('open Visual → drawn, layout + 3 snippets', layout.open));
    console.log(row("a page's first open, alone", alone.first));
    console.log(row("a page's first open, layout + 3 snippets", layout.first));
    console.log(row('canvas keystroke → updated, alone', alone.key));
    console.log(row('canvas keystroke → updated, layout + 3 snip.', layout.key));
    const ratio = (a: number[], b: number[], p: number) =>
      (percentile(a, p) / percentile(b, p)).toFixed(2);
    console.log(
      `layout ÷ alone: open ×${ratio(layout.open, alone.open, 50)} p50, ×${ratio(layout.open, alone.open, 95)} p95; ` +
        `first open ×${ratio(layout.first, alone.first, 50)} p50; ` +
        `keystroke ×${ratio(layout.key, alone.key, 50)} p50, ×${ratio(layout.key, alone.key, 95)} p95`,
    );
  } finally {
    await browser.close();
    await api.close();
    if (temporary) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

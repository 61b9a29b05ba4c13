/**
 * `npx tsx bench/layout-impact.ts`: the impact preview of a layout (issue 38). A layout used by
 * 20 templates, each in 3 languages (the demo site's en, nl, fr), with a snippet in the footer;
 * `POST /layouts/:slug/impact` with a changed footer renders all 60 e-mails twice (before and
 * after) in the render worker. Target: ready ≤ 2 s. Baseline in the same run: one test-send-sized
 * render of one template in the same worker (`POST /snippets/:name/impact` of a snippet that one
 * template uses), so the ratio says what 120 renders cost against one on this machine now.
 * Second part, in process: `renderDocument` (the one renderer) of the demo's welcome mail alone
 * against the same mail in the demo's layout with three snippets (its footer and two more), the
 * rendering every preview, test send and impact entry does (median, p95, p99; ratio to the
 * template alone, same run). Options: BENCH_SAMPLES (20), BENCH_RENDERS (400).
 */
import { LIQUID_RENDER_OPTIONS } from '../contract/liquid-render';
import { renderDocument, type DocumentSources } from '../contract/render-document';
import { DEMO_FOOTER, DEMO_LAYOUT } from '../server/demo/seed/layouts';
import { ORDER_CONFIRMATION_HTML } from '../server/demo/seed/notifications';
import { insertNotification, newNotificationId } from '../server/notifications/store/notifications';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { printStats, stat, type Stat } from './stats';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 400);
const TEMPLATES = 20;

const api = await startTestApi();
const put = async (path: string, body: unknown) => {
  const res = await api.request('PUT', path, { body });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
};
await put('/snippets/address', {
  body: '{{ shop.name }} · Main St 1',
  translations: {
    nl: { body: '{{ shop.name }} · Hoofdstraat 1' },
    fr: { body: '{{ shop.name }} · 1 rue Principale' },
  },
});
await put('/snippets/lonely', { body: 'x' });
// The demo's order confirmation split at its content row: a real e-mail's shell as the layout.
const layoutHtml = ORDER_CONFIRMATION_HTML.replace(
  /<tr>\s*<td style="padding:32px 32px 8px">[\s\S]*?<\/table>\s*<\/td>\s*<\/tr>/,
  '{{ content }}',
).replace('{{ shop.name }} · {{ shop.address }}', '{% render "address" %}');
await put('/layouts/shell', {
  name: 'Shell',
  html: layoutHtml,
  text: '{{ content }}\n\n{% render "address" %}',
});
const now = new Date().toISOString();
const body = `<tr><td style="padding:32px"><h1>Hello {{ customer.first_name }}</h1>
{% for line in order.lines %}<p>{{ line.quantity }} × {{ line.name }}: {{ line.price }}</p>{% endfor %}</td></tr>`;
for (let i = 0; i < TEMPLATES; i += 1) {
  const slug = `bench-${i}`;
  await insertNotification(api.db, 'demo', {
    id: newNotificationId(),
    slug,
    name: `Bench ${i}`,
    description: '',
    subject: 'S {{ order.number }}',
    text: 'Hi {{ customer.first_name }}',
    html: body,
    html_enabled: true,
    created_at: now,
    updated_at: now,
  });
  await put(`/notifications/${slug}`, {
    layout: 'shell',
    translations: {
      nl: { subject: 'NL', html: `${body}<p>nl</p>` },
      fr: { subject: 'FR', html: `${body}<p>fr</p>` },
    },
  });
}
// The baseline's one e-mail, without the demo's layout (as this benchmark's earlier runs had it).
await put('/notifications/welcome', { html: '{% render "lonely" %}', layout: null });
const sample = {
  customer: { first_name: 'Ann' },
  shop: { name: 'Acme', logo_url: 'https://example.com/l.png' },
  order: {
    number: '1',
    lines: [1, 2, 3, 4, 5].map((n) => ({ quantity: n, name: `Item ${n}`, price: '€ 1' })),
  },
};
const samples = Object.fromEntries(
  Array.from({ length: TEMPLATES }, (_, i) => [`bench-${i}`, sample]),
);

async function timed(path: string, payload: unknown): Promise<number> {
  const start = performance.now();
  const res = await api.request('POST', path, { body: payload });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.text}`);
  return performance.now() - start;
}

const impact: number[] = [];
const baseline: number[] = [];

for (let i = 0; i < SAMPLES + 3; i += 1) {
  const html = layoutHtml.replace('{% render "address" %}', `Changed ${i} {% render "address" %}`);
  const a = await timed('/layouts/shell/impact', { html, samples });
  const b = await timed('/snippets/lonely/impact', { body: `y${i}` });
  if (i >= 3) {
    impact.push(a);
    baseline.push(b);
  }
}
const res = await api.request('POST', '/layouts/shell/impact', {
  body: { html: `${layoutHtml}!`, samples },
});
const entries = (res.json as { total: number }).total;
const stats: Record<string, Stat> = {
  [`layout impact (${entries} e-mails × 2)`]: stat(impact),
  'baseline: 1 e-mail × 2': stat(baseline),
};
printStats('impact preview over HTTP (ms)', stats);
const ratio = (stat(impact).median / stat(baseline).median).toFixed(1);
console.log(`\nmedian ratio impact ÷ baseline: ${ratio}; target: layout impact ready ≤ 2000 ms`);
await api.close();

// --- Rendering with a layout, in process ---
const WELCOME_HTML = `<h1 style="font-family:sans-serif">Welcome, {{ customer.first_name }}!</h1>
<p>Your account at <a href="{{ shop.url }}">{{ shop.name }}</a> is ready.</p>
{% render 'social' %}{% if customer.accepts_marketing %}<p>You will hear from us.</p>{% endif %}`;
const alone: DocumentSources = {
  template: { subject: 'Welcome {{ customer.first_name }}', text: 'Hi', html: WELCOME_HTML },
  layout: null,
  snippets: { social: '' },
};
const inLayout: DocumentSources = {
  template: alone.template,
  layout: {
    html: DEMO_LAYOUT.html.replace(
      "{% render 'footer' %}",
      "{% render 'footer' %}{% render 'legal', year: 2026 %}",
    ),
    text: DEMO_LAYOUT.text,
  },
  snippets: {
    footer: DEMO_FOOTER.body,
    social:
      '<p>{% for n in (1..3) %}<a href="{{ shop.url }}/s/{{ n }}">{{ n }}</a> {% endfor %}</p>',
    legal: '<p>© {{ year }} {{ shop.name }}</p>',
  },
};
const data = {
  ...sample,
  customer: { first_name: 'Ann', accepts_marketing: true },
  shop: { ...sample.shop, url: 'https://s', address: 'Main St 1' },
};
function renderTimes(sources: DocumentSources): number {
  const start = performance.now();
  const out = renderDocument(sources, data, {
    liquid: LIQUID_RENDER_OPTIONS,
    fields: ['subject', 'text', 'html'],
  });
  const elapsed = performance.now() - start;
  if (!out.html?.ok) throw new Error(JSON.stringify(out.html));
  return elapsed;
}
const renderAlone: number[] = [];
const renderInLayout: number[] = [];
// Interleaved, after a warm-up, so both see the same moments of a noisy machine.
for (let i = 0; i < RENDERS + 50; i += 1) {
  const a = renderTimes(alone);
  const b = renderTimes(inLayout);
  if (i >= 50) {
    renderAlone.push(a);
    renderInLayout.push(b);
  }
}
printStats('renderDocument in process (ms)', {
  'template in layout + 3 snippets': stat(renderInLayout),
  'baseline: the template alone': stat(renderAlone),
});
const renderRatio = (stat(renderInLayout).median / stat(renderAlone).median).toFixed(1);
const p95Ratio = (stat(renderInLayout).p95 / stat(renderAlone).p95).toFixed(1);
console.log(`\nratio in layout ÷ alone: median ${renderRatio}, p95 ${p95Ratio}`);

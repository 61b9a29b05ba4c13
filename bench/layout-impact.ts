/**
 * `npx tsx bench/layout-impact.ts`: the impact preview of a layout (issue 38). A layout used by
 * 20 templates, each in 3 languages (the demo site's en, nl, fr), with a snippet in the footer;
 * `POST /layouts/:slug/impact` with a changed footer renders all 60 e-mails twice (before and
 * after) in the render worker. Target: ready ≤ 2 s. Baseline in the same run: one test-send-sized
 * render of one template in the same worker (`POST /snippets/:name/impact` of a snippet that one
 * template uses), so the ratio says what 120 renders cost against one on this machine now.
 * Options: BENCH_SAMPLES (20).
 */
import { ORDER_CONFIRMATION_HTML } from '../server/demo/seed/notifications';
import { insertNotification, newNotificationId } from '../server/notifications/store/notifications';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { printStats, stat, type Stat } from './stats';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 20);
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
await put('/notifications/welcome', { html: '{% render "lonely" %}' });
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

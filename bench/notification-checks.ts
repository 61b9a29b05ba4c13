/**
 * `npx tsx bench/notification-checks.ts`: issue 39's checks on a 25 kB HTML template in three
 * locales (en, nl, de), over HTTP against the real service (in this process, SQLite), with one
 * sample. Reports p50/p95 of `POST /notifications/{slug}/checks` (spam off: SpamAssassin runs in
 * spamd, another process, and is reported apart when TEST_SPAMD_ADDRESS is set), the longest
 * event-loop delay seen while they ran (perf_hooks.monitorEventLoopDelay, 10 ms resolution), and
 * as a control measured in the same moment the p50/p95 of `GET /api/health`.
 *
 *   RUNS=40 npx tsx bench/notification-checks.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { spamdAddress } from '../server/notifications/mail/spamd-client';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { ms, stat } from './stats';

const RUNS = Number(process.env.RUNS ?? 40);

function template(locale: string): string {
  const rows: string[] = [
    '<div style="display:none">Your order {{ order.number }}</div>',
    '<table width="600" style="background:#ffffff">',
  ];
  for (let index = 0; rows.join('\n').length < 25_000; index += 1) {
    rows.push(
      `<tr><td style="color:#333333;padding:8px">${locale} row ${String(index)}: {{ customer.first_name }}</td>` +
        `<td><a href="https://shop.example.com/${locale}/p/${String(index)}">View</a></td>` +
        `<td><img src="https://shop.example.com/i/${String(index)}.png" alt="" width="40"></td></tr>`,
    );
  }
  rows.push('{% for line in order.lines %}<p>{{ line.title }}</p>{% endfor %}</table>');
  return rows.join('\n');
}

async function main() {
  const spamd = process.env.TEST_SPAMD_ADDRESS;
  const api = await startTestApi({ spamd: spamd ? spamdAddress(spamd) : null });
  try {
    const site = await api.request('GET', '/settings/site');
    const etag = site.headers.get('etag') ?? '*';
    const patched = await api.request('PATCH', '/settings/site', {
      body: { locales: ['en', 'nl', 'de'] },
      headers: { 'If-Match': etag },
    });
    if (patched.status !== 200)
      throw new Error(`site languages: ${patched.status} ${patched.text}`);
    const body = {
      subject: 'Order {{ order.number }}',
      text: 'Hi {{ customer.first_name }}',
      html: template('en'),
      html_enabled: true,
      translations: {
        nl: { subject: 'Bestelling {{ order.number }}', text: 'Hoi', html: template('nl') },
        de: { subject: 'Bestellung {{ order.number }}', text: 'Hallo', html: template('de') },
      },
      samples: [
        {
          name: 'Typical',
          data: {
            customer: { first_name: 'Ada' },
            order: { number: '1042', lines: [{ title: 'Mug' }, { title: 'Tote' }] },
          },
        },
      ],
    };
    const post = (spam: boolean) =>
      api.request('POST', '/notifications/order-confirmation/checks', { body: { ...body, spam } });
    const warm = await post(false);
    if (warm.status !== 200) throw new Error(`checks: ${warm.status} ${warm.text}`);

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const checks: number[] = [];
    const health: number[] = [];
    delay.enable();
    for (let run = 0; run < RUNS; run += 1) {
      let started = performance.now();
      await post(false);
      checks.push(performance.now() - started);
      started = performance.now();
      await api.request('GET', '/health', { token: null, site: null });
      health.push(performance.now() - started);
    }
    delay.disable();
    const c = stat(checks);
    const h = stat(health);
    console.log(`HTML per locale: ${String(body.html.length)} characters; ${String(RUNS)} runs`);
    console.log(`checks (3 locales, spam off): p50 ${ms(c.median)} ms, p95 ${ms(c.p95)} ms`);
    console.log(`control GET /api/health:      p50 ${ms(h.median)} ms, p95 ${ms(h.p95)} ms`);
    console.log(`longest event-loop delay while checking: ${ms(delay.max / 1e6)} ms`);
    if (spamd) {
      const spam: number[] = [];
      for (let run = 0; run < Math.min(RUNS, 10); run += 1) {
        const started = performance.now();
        await post(true);
        spam.push(performance.now() - started);
      }
      const s = stat(spam);
      console.log(`checks with SpamAssassin:     p50 ${ms(s.median)} ms, p95 ${ms(s.p95)} ms`);
    }
  } finally {
    await api.close();
  }
}

await main();

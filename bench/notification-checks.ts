/**
 * `npx tsx bench/notification-checks.ts`: issue 39's checks on a 25 kB HTML template in three
 * locales (en, nl, de), over HTTP against the real service (in this process, SQLite), with one
 * sample. Reports p50/p95/p99 of `POST /notifications/{slug}/checks` (spam off; with
 * TEST_SPAMD_ADDRESS set, also with SpamAssassin, alternated with spam off: spamRuns), the
 * longest event-loop delay seen while they ran (perf_hooks.monitorEventLoopDelay, 10 ms
 * resolution), and, as controls measured in the same run:
 * - `GET /api/health` polled beside the checks (what another request waits) against the same
 *   polling with no checks running, as a ratio;
 * - the baseline of the loop block: the reading the checks did on the service's thread before
 *   issue 39 moved it to the render worker (parse5 and Liquid analysis of one locale's HTML, the
 *   largest slice; and all three locales), timed here on this thread.
 *
 *   RUNS=40 npx tsx bench/notification-checks.ts
 *   RUNS=40 SPAM_RUNS=20 TEST_SPAMD_ADDRESS="$(bash scripts/ensure-spamd.sh)" npx tsx bench/notification-checks.ts
 *
 * With CHECKS_BASE set to another checkout of the project (e.g. main, `git archive` into a folder
 * with node_modules linked), the spam rounds run against that tree's service too, alternated
 * request by request with this tree's, against the same spamd: before and after in one run.
 *
 *   CHECKS_BASE=/tmp/checks-base SPAM_RUNS=20 TEST_SPAMD_ADDRESS=… npx tsx bench/notification-checks.ts
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { spamdAddress } from '../server/notifications/mail/spamd-client';
import {
  liquidReferences,
  sourceElements,
} from '../server/notifications/checks/template-inspection.js';
import { startTestApi } from '../server/platform/test-support.test-helper';
import { ms, stat } from './stats';

const RUNS = Number(process.env.RUNS ?? 40);
/** Rounds of the spam-on/spam-off comparison (four requests each). */
const SPAM_RUNS = Number(process.env.SPAM_RUNS ?? RUNS);

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

type Api = Awaited<ReturnType<typeof startTestApi>>;

/** A service of this tree, or of the tree at `base` (CHECKS_BASE), whose site has three languages. */
async function startService(spamd: string | undefined, base?: string): Promise<Api> {
  const start: typeof startTestApi = base
    ? (
        (await import(resolve(base, 'server/platform/test-support.test-helper.ts'))) as {
          startTestApi: typeof startTestApi;
        }
      ).startTestApi
    : startTestApi;
  const api = await start({ spamd: spamd ? spamdAddress(spamd) : null });
  const site = await api.request('GET', '/settings/site');
  const etag = site.headers.get('etag') ?? '*';
  const patched = await api.request('PATCH', '/settings/site', {
    body: { locales: ['en', 'nl', 'de'] },
    headers: { 'If-Match': etag },
  });
  if (patched.status !== 200) throw new Error(`site languages: ${patched.status} ${patched.text}`);
  return api;
}

async function main() {
  const spamd = process.env.TEST_SPAMD_ADDRESS;
  const api = await startService(spamd);
  const baseTree = process.env.CHECKS_BASE;
  const baseApi = spamd && baseTree ? await startService(spamd, baseTree) : null;
  try {
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
    const poster =
      (service: Api) =>
      (spam: boolean, draft: typeof body = body) =>
        service.request('POST', '/notifications/order-confirmation/checks', {
          body: { ...draft, spam },
        });
    const post = poster(api);
    const warm = await post(false);
    if (warm.status !== 200) throw new Error(`checks: ${warm.status} ${warm.text}`);

    // Health polled back to back, alone, then beside the checks: what another request waits.
    const pollHealth = async (until: () => boolean) => {
      const samples: number[] = [];
      while (!until()) {
        const started = performance.now();
        await api.request('GET', '/health', { token: null, site: null });
        samples.push(performance.now() - started);
      }
      return samples;
    };
    // The loop's delay with no checks running: on a loaded machine the thread waits for a core
    // too, and that shows here as in the delay below.
    const idleDelay = monitorEventLoopDelay({ resolution: 10 });
    idleDelay.enable();
    const idleUntil = performance.now() + 5_000;
    const idle = stat(await pollHealth(() => performance.now() > idleUntil));
    idleDelay.disable();

    const delay = monitorEventLoopDelay({ resolution: 10 });
    const checks: number[] = [];
    let done = false;
    delay.enable();
    const beside = pollHealth(() => done);
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await post(false);
      checks.push(performance.now() - started);
    }
    done = true;
    const h = stat(await beside);
    delay.disable();
    // Straight after (an idle keep-alive socket would meet the service's 5 s idle close).
    if (spamd) {
      await spamRuns(
        baseApi ? [poster(baseApi), post] : [post],
        body,
        baseApi ? ['before (CHECKS_BASE)', 'after (this tree)'] : [''],
      );
    }

    // The baseline: the reading the checks did on this thread before (one locale's slice, and
    // the three locales), in the same run.
    const slice: number[] = [];
    const all: number[] = [];
    for (let run = 0; run < Math.min(RUNS, 20); run += 1) {
      let started = performance.now();
      sourceElements(body.html);
      liquidReferences(body.html);
      slice.push(performance.now() - started);
      started = performance.now();
      for (const html of [body.html, body.translations.nl.html, body.translations.de.html]) {
        sourceElements(html);
        liquidReferences(html);
      }
      all.push(performance.now() - started);
    }
    const c = stat(checks);
    const b = stat(slice);
    const a = stat(all);
    const line = (name: string, x: ReturnType<typeof stat>) =>
      `${name} p50 ${ms(x.median)} ms, p95 ${ms(x.p95)} ms, p99 ${ms(x.p99)} ms (n ${String(x.n)})`;
    console.log(`HTML per locale: ${String(body.html.length)} characters; ${String(RUNS)} runs`);
    console.log(line('checks (3 locales, spam off):      ', c));
    console.log(line('control /health alone:             ', idle));
    console.log(line('control /health beside the checks: ', h));
    console.log(
      `  /health beside ÷ alone: p50 ${(h.median / idle.median).toFixed(2)}×, p95 ${(h.p95 / idle.p95).toFixed(2)}×, p99 ${(h.p99 / idle.p99).toFixed(2)}×`,
    );
    console.log(
      `longest event-loop delay while checking: ${ms(delay.max / 1e6)} ms (p99 ${ms(delay.percentile(99) / 1e6)} ms)`,
    );
    console.log(
      `longest event-loop delay with no checks:  ${ms(idleDelay.max / 1e6)} ms (p99 ${ms(idleDelay.percentile(99) / 1e6)} ms)`,
    );
    console.log(line('baseline, one locale read on the loop (before):', b));
    console.log(line('baseline, three locales read on the loop:      ', a));
    console.log(
      `  longest loop delay ÷ baseline slice p50: ${(delay.max / 1e6 / b.median).toFixed(2)}×`,
    );
  } finally {
    await api.close();
    await baseApi?.close();
  }
}

type Draft = {
  html: string;
  translations: Record<'nl' | 'de', { subject: string; text: string; html: string }>;
};

/**
 * The checks with SpamAssassin (decision 086) beside the same checks without it, alternated run
 * by run so both see the same machine: the draft as it was (every locale's message scored
 * before: answered from the verdicts kept), one locale edited (the usual edit: spamd scores that
 * locale's new message), and every locale edited (spamd scores three new messages at once).
 */
async function spamRuns<T extends Draft>(
  posts: ((spam: boolean, draft?: T) => Promise<{ status: number; json: unknown }>)[],
  body: T,
  names: string[],
) {
  const edit = (html: string, run: number, what: string) =>
    html.replace('</table>', `<p>${what} edit ${String(run)}</p></table>`);
  // Each service gets drafts of its own (`what`), so neither is answered from spamd verdicts
  // the other one asked for: both scan the same count of new messages.
  const editNl = (run: number, what: string): T => ({
    ...body,
    translations: {
      ...body.translations,
      nl: { ...body.translations.nl, html: edit(body.translations.nl.html, run, `nl ${what}`) },
    },
  });
  const editAll = (run: number, what: string): T => ({
    ...body,
    html: edit(body.html, run, `all ${what}`),
    translations: {
      nl: { ...body.translations.nl, html: edit(body.translations.nl.html, run, `all ${what}`) },
      de: { ...body.translations.de, html: edit(body.translations.de.html, run, `all ${what}`) },
    },
  });
  const spamScored = (json: unknown) =>
    JSON.stringify(json).match(/SpamAssassin score -?\d/g)?.length ?? 0;
  for (const post of posts) {
    const first = await post(true);
    if (spamScored(first.json) !== 3)
      throw new Error(`spamd did not score: ${JSON.stringify(first.json)}`);
  }
  const cases = ['off', 'same', 'one', 'all'] as const;
  const samples = posts.map(() => ({ off: [], same: [], one: [], all: [] }));
  const timed = async (post: (typeof posts)[number], into: number[], spam: boolean, draft?: T) => {
    const started = performance.now();
    const res = await post(spam, draft);
    into.push(performance.now() - started);
    if (res.status !== 200 || (spam && spamScored(res.json) !== 3)) {
      throw new Error(`checks with spam: ${String(res.status)} ${JSON.stringify(res.json)}`);
    }
  };
  const loadBefore = loadavg()[0] ?? 0;
  for (let run = 0; run < SPAM_RUNS; run += 1) {
    // Case by case, each service in turn (alternating which goes first): both see the same moment.
    for (const which of cases) {
      const order = run % 2 === 0 ? posts.keys() : [...posts.keys()].reverse();
      for (const index of order) {
        const post = posts[index];
        const into = samples[index]?.[which];
        if (!post || !into) continue;
        const what = String(index);
        if (which === 'off') await timed(post, into, false);
        else if (which === 'same') await timed(post, into, true);
        else if (which === 'one') await timed(post, into, true, editNl(run, what));
        else await timed(post, into, true, editAll(run, what));
      }
    }
  }
  console.log(`spam on and off alternated, ${String(SPAM_RUNS)} runs each:`);
  for (const [index, service] of samples.entries()) {
    const base = stat(service.off);
    const row = (name: string, values: number[]) => {
      const x = stat(values);
      console.log(
        `${name} p50 ${ms(x.median)} ms, p95 ${ms(x.p95)} ms, p99 ${ms(x.p99)} ms (n ${String(x.n)}); ` +
          `÷ spam off: p50 ${(x.median / base.median).toFixed(2)}×, p95 ${(x.p95 / base.p95).toFixed(2)}×`,
      );
    };
    if (names[index]) console.log(` ${names[index]}:`);
    row('  spam off:                               ', service.off);
    row('  spam on, draft unchanged (kept):        ', service.same);
    row('  spam on, one locale edited (1 to spamd):', service.one);
    row('  spam on, every locale edited (3):       ', service.all);
  }
  const [before, after] = samples;
  if (before && after) {
    for (const which of cases) {
      const b = stat(before[which]);
      const a = stat(after[which]);
      console.log(
        `  after ÷ before, ${which.padEnd(4)}: p50 ${(a.median / b.median).toFixed(2)}×, p95 ${(a.p95 / b.p95).toFixed(2)}×`,
      );
    }
  }
  console.log(
    `  load average (1 min) before ${loadBefore.toFixed(1)}, after ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
}

await main();

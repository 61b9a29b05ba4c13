/**
 * The abuse scenarios of `npm run chaos` (issue 26), each against the real service (a child
 * process on its own SQLite file, test sends into an SMTP sink) while a worker asks
 * `/api/health` and a control server at the same moments (server/reliability/health-watch.ts).
 * Each scenario prints its answers by status and health p99/max beside the control's; it fails
 * on a 5xx (other than the documented 503 of a busy renderer), a refusal without the Error body,
 * a dead service, or health p99 more than 100 ms above the control's (stretched on a busy
 * machine: healthBoundMs).
 */
import { get as httpGet } from 'node:http';
import { connect, type Socket } from 'node:net';
import { errorBodySchema } from '../contract/schemas/error';
import { startSmtpSink } from '../server/notifications/mail/smtp-sink.test-helper';
import { healthBoundMs, watchHealth, type HealthFigures } from '../server/reliability/health-watch';
import { startServiceProcess, type ServiceProcess } from '../server/reliability/service-process';

const HEALTH_MARGIN_MS = 100;

interface Scenario {
  name: string;
  run: (service: ServiceProcess, tokens: string[]) => Promise<number[]>;
}

async function statusOf(response: Response): Promise<number> {
  const text = await response.text();
  if (response.status >= 400) errorBodySchema.parse(JSON.parse(text));
  return response.status;
}

function testSend(service: ServiceProcess, token: string, body: unknown): Promise<number> {
  return fetch(`${service.apiUrl}/notifications/welcome/test-send`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-service-site': 'demo',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  }).then(statusOf);
}

const HUGE = '{% for a in (1..500) %}{{ s }}{% endfor %}';
const LONG = '{% for a in (1..3000) %}{% for b in (1..3000) %}x{% endfor %}{% endfor %}';

/** Opens `count` sockets from another loopback address, holds them, closes them. */
async function idleSockets(service: ServiceProcess, count: number): Promise<number[]> {
  const { port } = new URL(service.apiUrl);
  const sockets: Socket[] = [];
  const refused: boolean[] = [];
  await Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<void>((resolve) => {
          const socket = connect({
            port: Number(port),
            host: '127.0.0.1',
            localAddress: '127.0.0.2',
          });
          sockets.push(socket);
          socket.on('error', () => resolve());
          socket.on('data', (chunk) => {
            refused[i] = chunk.toString().startsWith('HTTP/1.1 429');
          });
          socket.on('connect', () => resolve());
        }),
    ),
  );
  await new Promise((wake) => setTimeout(wake, 2_000));
  for (const socket of sockets) socket.destroy();
  // 0: held open until closed here.
  return Array.from({ length: count }, (_, i) => (refused[i] === true ? 429 : 0));
}

const SCENARIOS: Scenario[] = [
  {
    name: 'test sends: 5 at once printing 900 kB 500 times',
    run: (service, [token = '']) =>
      Promise.all(
        Array.from({ length: 5 }, () =>
          testSend(service, token, {
            subject: 's',
            text: HUGE,
            html: HUGE,
            html_enabled: true,
            data: { s: 'A'.repeat(900_000) },
          }),
        ),
      ),
  },
  {
    name: 'test sends: 2 members x 8 of a 9,000,000-step loop (the first spent its 5 above)',
    run: (service, tokens) =>
      Promise.all(
        tokens.slice(0, 2).flatMap((token) =>
          Array.from({ length: 8 }, () =>
            testSend(service, token, {
              subject: LONG,
              text: LONG,
              html: LONG,
              html_enabled: true,
              data: {},
            }),
          ),
        ),
      ),
  },
  {
    // From another address, as a script elsewhere would: health (this address) is not its peer.
    name: 'waiting tails: 300 from one member (127.0.0.2)',
    run: async (service, [token = '']) => {
      const since = Date.now() / 1000 + 3600;
      const { port } = new URL(service.apiUrl);
      const tail = () =>
        new Promise<number>((resolve) => {
          const request = httpGet(
            {
              host: '127.0.0.1',
              port,
              localAddress: '127.0.0.2',
              agent: false,
              path: `/api/apps/storefront/logs?since=${since}&wait=3`,
              headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' },
            },
            (response) => {
              let text = '';
              response.setEncoding('utf8');
              response.on('data', (chunk: string) => (text += chunk));
              response.on('end', () => {
                const status = response.statusCode ?? 0;
                if (status >= 400) errorBodySchema.parse(JSON.parse(text));
                resolve(status);
              });
            },
          );
          request.on('error', () => resolve(0));
        });
      return Promise.all(Array.from({ length: 300 }, tail));
    },
  },
  {
    name: 'idle connections: 1,000 from one other address (127.0.0.2)',
    run: (service) => idleSockets(service, 1_000),
  },
  {
    name: 'a 17 kB URL (q of 5,000 terms)',
    run: async (service, [token = '']) => {
      const q = Array.from({ length: 5000 }, (_, i) => `t${i}`).join(' ');
      const response = await fetch(
        `${service.apiUrl}/apps/storefront/logs?q=${encodeURIComponent(q)}`,
        { headers: { authorization: `Bearer ${token}`, 'x-service-site': 'demo' } },
      ).catch(() => null);
      return [response ? await statusOf(response) : 0];
    },
  },
];

function count(statuses: number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) {
    const key = status === 0 ? 'no answer' : String(status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Runs every scenario; true when all held. */
export async function runAbuseScenarios(): Promise<boolean> {
  const sink = await startSmtpSink();
  const service = await startServiceProcess({ env: { SMTP_URL: sink.url } });
  let ok = true;
  try {
    const tokens = [
      await service.issueToken('demo'),
      await service.issueToken('demo', 'second@example.com'),
    ];
    for (const scenario of SCENARIOS) {
      const health = watchHealth(service.apiUrl);
      let statuses: number[] = [];
      let error: unknown;
      try {
        statuses = await scenario.run(service, tokens);
      } catch (failure) {
        error = failure;
      }
      const figures: HealthFigures = await health.stop();
      const alive = (await fetch(`${service.apiUrl}/health`).catch(() => null))?.ok === true;
      const serverErrors = statuses.filter((status) => status >= 500 && status !== 503).length;
      const held =
        error === undefined &&
        alive &&
        serverErrors === 0 &&
        figures.failures === 0 &&
        figures.p99Ms <= healthBoundMs(figures, HEALTH_MARGIN_MS);
      if (!held) ok = false;
      console.log(
        `${held ? 'ok  ' : 'FAIL'} ${scenario.name}: answers ${JSON.stringify(count(statuses))}; ` +
          `health p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms (control p99 ` +
          `${figures.control.p99Ms} ms, max ${figures.control.maxMs} ms; ${figures.checks} checks, ` +
          `${figures.failures} failed)${alive ? '' : '; THE SERVICE DIED'}` +
          (error === undefined ? '' : `; ${error instanceof Error ? error.message : 'failed'}`),
      );
    }
  } finally {
    await service.dispose();
    await sink.close();
  }
  return ok;
}

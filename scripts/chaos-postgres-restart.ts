/**
 * `npm run chaos`, scenario "PostgreSQL restart" (decision 041): two service instances on a
 * PostgreSQL server of their own (never the shared one), under ingestion through both and a
 * waiting tail through each, while the server is restarted (`pg_ctl restart -m fast`, what
 * `pg_ctlcluster … restart` does) and then crashed and kept down for two seconds, after a run
 * of the same load with nothing happening (the baseline). Prints, per disturbance, the answers by status, what was acknowledged and stored, what each tail read,
 * how long until both served again, and `/api/health` p99 at rest and during; answers false on
 * a violation (an instance exited, a 5xx other than a proper 503, a lost acknowledged entry, a
 * tail that missed or repeated an entry). Skipped with a message where the private server
 * cannot run.
 */
import { loadAround, percentile, type OutageFigures } from '../server/reliability/outage-load';
import {
  privatePostgresUnavailable,
  startPrivatePostgres,
} from '../server/reliability/private-postgres';
import { startServiceProcess, type ServiceProcess } from '../server/reliability/service-process';

async function healthAtRest(instances: readonly ServiceProcess[]): Promise<number[]> {
  const times: number[] = [];
  for (let probe = 0; probe < 40; probe++) {
    for (const instance of instances) {
      const began = performance.now();
      await (await fetch(`${instance.apiUrl}/health`)).arrayBuffer();
      times.push(performance.now() - began);
    }
    await new Promise((wake) => setTimeout(wake, 50));
  }
  return times;
}

function violated(figures: OutageFigures): boolean {
  return (
    figures.exited > 0 ||
    figures.bad.length > 0 ||
    figures.lostAcknowledged > 0 ||
    figures.tails.some((tail) => tail.duplicates + tail.missing + tail.unknown > 0)
  );
}

export async function runPostgresRestartScenario(): Promise<boolean> {
  const unavailable = privatePostgresUnavailable();
  if (unavailable !== undefined) {
    console.log(`PostgreSQL restart: skipped (${unavailable})`);
    return true;
  }
  const server = await startPrivatePostgres();
  let instances: ServiceProcess[] = [];
  let ok = true;
  try {
    const [first, second] = await Promise.all([
      startServiceProcess({ databaseUrl: server.url }),
      startServiceProcess({ databaseUrl: server.url }),
    ]);
    instances = [first, second];
    const token = await first.issueToken('demo');
    const rest = percentile(await healthAtRest(instances), 99);
    const disturbances: Array<[string, () => Promise<void>]> = [
      // The same load with nothing happening: the health p99 the others compare with.
      ['untouched (the baseline under load)', () => Promise.resolve()],
      ['restart', () => server.restart()],
      [
        'crash, 2 s down',
        async () => {
          await server.crash();
          await new Promise((wake) => setTimeout(wake, 2_000));
          await server.start();
        },
      ],
    ];
    for (const [name, disturb] of disturbances) {
      const figures = await loadAround(instances, token, disturb);
      const failed = violated(figures);
      if (failed) ok = false;
      console.log(`PostgreSQL ${name}`, {
        statuses: figures.statuses,
        acknowledged: figures.acknowledged,
        stored: figures.stored,
        lostAcknowledged: figures.lostAcknowledged,
        tails: figures.tails,
        servingAgainAfterMs: Math.round(figures.recoveredMs),
        healthP50Ms: Math.round(percentile(figures.healthMs, 50)),
        healthP99Ms: Math.round(percentile(figures.healthMs, 99)),
        healthP99AtRestMs: Math.round(rest),
        exited: figures.exited,
        bad: figures.bad,
        verdict: failed ? 'FAILED' : 'ok',
      });
    }
  } finally {
    await Promise.all(instances.map((instance) => instance.dispose()));
    await server.dispose();
  }
  return ok;
}

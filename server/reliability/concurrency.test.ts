/**
 * Concurrency on the real service (a child process on a real SQLite file): 50 writers with the
 * same If-Match per resource (exactly one wins, the rest get 412), and several ingesters with
 * the token command running alongside while a reader follows with `since` paging (every
 * acknowledged entry read exactly once, times strictly increasing, no errors).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogEntrySchema, type AppLogEntry } from '../../contract/schemas/app-log';
import { errorBodySchema } from '../../contract/schemas/error';
import { startServiceProcess, type ServiceProcess } from './service-process';
import { VERSIONED_RESOURCES } from '../audit/routes/versioned-resources.test-helper';

const WRITERS = 50;
const INGESTERS = 4;
const BATCHES_PER_INGESTER = 25;
const ENTRIES_PER_BATCH = 20;

let service: ServiceProcess;
let token: string;

beforeAll(async () => {
  service = await startServiceProcess();
  token = await service.issueToken('demo');
});
afterAll(async () => {
  await service.dispose();
});

function call(method: string, path: string, body?: unknown, ifMatch?: string) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-service-site': 'demo',
  };
  if (ifMatch !== undefined) headers['if-match'] = ifMatch;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${service.apiUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe('concurrent writers', () => {
  for (const resource of VERSIONED_RESOURCES) {
    it(`${resource.method} ${resource.path}: of ${WRITERS} writers with one If-Match, exactly one wins`, async () => {
      for (let round = 0; round < 3; round++) {
        const etag = (await call('GET', resource.path)).headers.get('etag') ?? '';
        const answers = await Promise.all(
          // Values new in each round: writing what is stored already is a 200 that changes nothing.
          Array.from({ length: WRITERS }, async (_, n) => {
            const i = round * WRITERS + n;
            const response = await call(resource.method, resource.path, resource.body(i), etag);
            return { i, status: response.status, json: (await response.json()) as unknown };
          }),
        );
        const winners = answers.filter((answer) => answer.status === 200);
        expect(winners).toHaveLength(1);
        for (const loser of answers.filter((answer) => answer.status !== 200)) {
          expect(loser.status).toBe(412);
          expect(errorBodySchema.parse(loser.json).code).toBe(412);
        }
        // What is stored is the winner's write.
        const stored = (await (await call('GET', resource.path)).json()) as Record<string, unknown>;
        const [winner] = winners;
        expect(stored).toMatchObject(resource.body(winner?.i ?? -1));
      }
    });
  }
});

/** Follows the app's log with `since` paging, as a tail does, until told to stop. */
async function follow(since: number, done: () => boolean): Promise<AppLogEntry[]> {
  const seen: AppLogEntry[] = [];
  const ids = new Set<string>();
  let cursor = since;
  for (;;) {
    const finished = done();
    const response = await call('GET', `/apps/storefront/logs?since=${cursor}&limit=200`);
    expect(response.status).toBe(200);
    const page = appLogEntrySchema.array().parse(await response.json());
    const fresh = page.filter((entry) => !ids.has(entry.id));
    for (const entry of fresh) {
      ids.add(entry.id);
      seen.push(entry);
    }
    cursor = page.at(-1)?.time ?? cursor;
    // Stop only after a read that began once every writer had finished found nothing new.
    if (finished && fresh.length === 0) return seen;
    if (page.length < 200) await new Promise((wake) => setTimeout(wake, 20));
  }
}

describe('concurrent ingestion', () => {
  it(`${INGESTERS} ingesters and the token command: every entry read back once, in order`, async () => {
    const marker = await call('POST', '/apps/storefront/logs', {
      logs: [{ level: 'info', data: 'start' }],
    });
    const [start] = appLogEntrySchema.array().parse(await marker.json());
    const acknowledged = new Set<string>([start?.id ?? '']);
    let ingesting = true;
    const reader = follow(start?.time ?? 0, () => !ingesting);

    const ingester = async (n: number) => {
      for (let batch = 0; batch < BATCHES_PER_INGESTER; batch++) {
        const logs = Array.from({ length: ENTRIES_PER_BATCH }, (_, i) => ({
          level: 'info',
          data: { ingester: n, batch, i },
        }));
        const response = await call('POST', '/apps/storefront/logs', { logs });
        expect(response.status).toBe(201);
        for (const entry of appLogEntrySchema.array().parse(await response.json())) {
          acknowledged.add(entry.id);
        }
      }
    };
    // Each token command opens the file, migrates, and writes a user, membership and token.
    const tokenCommands = [1, 2].map((n) => service.issueToken('demo', `cli-${n}@example.com`));
    await Promise.all([
      ...Array.from({ length: INGESTERS }, (_, n) => ingester(n)),
      ...tokenCommands,
    ]);
    ingesting = false;
    const read = await reader;

    expect(acknowledged.size).toBe(1 + INGESTERS * BATCHES_PER_INGESTER * ENTRIES_PER_BATCH);
    expect(read.map((entry) => entry.id).sort()).toEqual([...acknowledged].sort());
    for (let i = 1; i < read.length; i++) {
      expect(read[i]?.time).toBeGreaterThan(read[i - 1]?.time ?? Infinity);
    }
  });
});

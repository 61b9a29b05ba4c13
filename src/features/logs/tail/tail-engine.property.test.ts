/**
 * Property tests of the tail engine against the simulated server: entries arrive at random
 * moments and in bursts larger than `limit`, many share one time (servers whose `time` is
 * whole milliseconds or whole seconds, not only the real service's strictly increasing
 * microseconds), requests fail, the server goes down and comes back, the viewer pauses and
 * the tab hides. At every step the list holds no duplicate and only matching entries in the
 * server's order; at every quiescent point it is exactly the server's matching entries from
 * its start point on, except entries at a time the engine reported as a possible gap (which
 * it may do only when more than `limit` entries share that time).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOG_LEVELS, type AppLogEntry } from '../../../../contract/schemas/app-log';
import { boundToSeconds } from './log-cursor';
import { FAKE_CLOCK_START_MS, FakeClock } from './fake-clock.test-helper';
import { SimulatedLogServer, type SimEntryInput } from './simulated-log-server.test-helper';
import { TailEngine, type TailFilter, type TailSnapshot } from './tail-engine';

/** More runs on demand: TAIL_PROPERTY_RUNS=5000 npx vitest run <this file>. */
const RUNS = Number(process.env.TAIL_PROPERTY_RUNS ?? 400);
const TIMEOUT = Math.max(20_000, RUNS * 25);

type Step =
  | { kind: 'ingest'; entries: SimEntryInput[] }
  | { kind: 'advance'; ms: number }
  | { kind: 'fail'; count: number }
  | { kind: 'crash'; ms: number }
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'hide' }
  | { kind: 'show' }
  | { kind: 'setFilter'; filter: TailFilter }
  | { kind: 'loadOlder' };

const entryArb: fc.Arbitrary<SimEntryInput> = fc.record({
  level: fc.constantFrom(...LOG_LEVELS),
  job: fc.option(fc.constantFrom('sync-inventory', 'send-digest'), { nil: undefined }),
  text: fc.constantFrom('alpha one', 'beta gamma', 'gamma beta', 'noise', 'ALPHA beta gamma'),
});

const filterArb: fc.Arbitrary<TailFilter> = fc.record(
  {
    level: fc.constantFrom('debug', 'info', 'warn', 'error'),
    job: fc.constantFrom('sync-inventory', 'send-digest'),
    q: fc.constantFrom('alpha', '"beta gamma"', 'level:error', 'level:warn gamma'),
    // A time range: seconds after the clock's start, as a float epoch or as ISO 8601.
    since: fc.oneof(
      fc.integer({ min: 0, max: 20 }).map((offset) => FAKE_CLOCK_START_MS / 1000 + offset),
      fc
        .integer({ min: 0, max: 20 })
        .map((offset) => new Date(FAKE_CLOCK_START_MS + offset * 1000).toISOString()),
    ),
  },
  { requiredKeys: [] },
);

/** The server's matching entries for a filter, `since` included, in server order. */
function matchingFilter(server: SimulatedLogServer, filter: TailFilter): AppLogEntry[] {
  const since = boundToSeconds(filter.since);
  return server
    .matching({ level: filter.level, job: filter.job, q: filter.q })
    .filter((entry) => since === undefined || entry.time >= since);
}

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('ingest' as const),
      entries: fc.array(entryArb, { minLength: 1, maxLength: 30 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      ms: fc.integer({ min: 0, max: 2500 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fail' as const),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('crash' as const),
      ms: fc.integer({ min: 0, max: 8000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('setFilter' as const), filter: filterArb }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Step>(
      { kind: 'loadOlder' },
      { kind: 'pause' },
      { kind: 'resume' },
      { kind: 'hide' },
      { kind: 'show' },
    ),
  },
);

const scenarioArb = fc.record({
  timeMode: fc.constantFrom('micro' as const, 'milli' as const, 'second' as const),
  limit: fc.integer({ min: 1, max: 8 }),
  latencyMs: fc.constantFrom(0, 40, 300),
  filter: filterArb,
  initial: fc.array(entryArb, { maxLength: 25 }),
  steps: fc.array(stepArb, { maxLength: 25 }),
  loadAllOlder: fc.boolean(),
  maxEntries: fc.constantFrom(undefined, undefined, 7, 30),
  // The engine's `wait` (0: never sent), and whether the server holds such requests.
  waitSeconds: fc.constantFrom(0, 2, 25),
  honoursWait: fc.boolean(),
});

type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** At every step: no duplicate, only matching entries, in the server's order. */
function checkSafety(snapshot: TailSnapshot, matching: readonly AppLogEntry[]): void {
  const position = new Map(matching.map((entry, index) => [entry.id, index]));
  let previous = -1;
  const seen = new Set<string>();
  for (const entry of snapshot.entries) {
    expect(seen.has(entry.id), `duplicate ${entry.id}`).toBe(false);
    seen.add(entry.id);
    const index = position.get(entry.id);
    expect(index, `${entry.id} does not match the filter`).toBeDefined();
    expect(index as number, `${entry.id} out of order`).toBeGreaterThan(previous);
    previous = index as number;
  }
}

/**
 * At a quiescent point: everything from the first entry on, except entries at reported gap
 * times; and a gap is reported only where more than `limit` matching entries share a time.
 */
function checkComplete(
  snapshot: TailSnapshot,
  matching: readonly AppLogEntry[],
  limit: number,
): void {
  checkSafety(snapshot, matching);
  for (const gap of snapshot.gaps) {
    const sharing = matching.filter((entry) => entry.time === gap.from).length;
    expect(sharing, `gap reported at ${gap.from} with ${sharing} entries`).toBeGreaterThan(limit);
  }
  const inGap = (entry: AppLogEntry) =>
    snapshot.gaps.some((gap) => entry.time >= gap.from && entry.time < gap.to);
  const first = snapshot.entries[0];
  if (!first) {
    expect(matching.filter((entry) => !inGap(entry))).toEqual([]);
    return;
  }
  const start = matching.findIndex((entry) => entry.id === first.id);
  const expected = matching.slice(start);
  const shown = new Set(snapshot.entries.map((entry) => entry.id));
  const missing = expected.filter((entry) => !shown.has(entry.id) && !inGap(entry));
  expect(missing.map((entry) => entry.id)).toEqual([]);
}

async function run(scenario: Scenario): Promise<void> {
  const clock = new FakeClock();
  const server = new SimulatedLogServer({
    clock,
    timeMode: scenario.timeMode,
    latencyMs: scenario.latencyMs,
    maxRequests: 3000,
    honoursWait: scenario.honoursWait,
  });
  const engine = new TailEngine({
    fetchPage: server.fetchPage,
    clock,
    limit: scenario.limit,
    maxEntries: scenario.maxEntries,
    waitSeconds: scenario.waitSeconds,
  });
  const matchingFor = (filter: TailFilter) => matchingFilter(server, filter);
  const matching = () => matchingFor(engine.getSnapshot().filter);
  // Every snapshot ever published, also between steps: nothing of another filter.
  engine.subscribe(() => {
    const snapshot = engine.getSnapshot();
    const allowed = new Set(matchingFor(snapshot.filter).map((entry) => entry.id));
    for (const entry of snapshot.entries) {
      expect(allowed.has(entry.id), `${entry.id} shown under another filter`).toBe(true);
    }
  });

  server.ingest(scenario.initial);
  await clock.advance(1000);
  engine.start(scenario.filter);
  for (const step of scenario.steps) {
    switch (step.kind) {
      case 'ingest':
        server.ingest(step.entries);
        break;
      case 'advance':
        await clock.advance(step.ms);
        break;
      case 'fail':
        server.failNext(step.count);
        break;
      case 'crash':
        server.crash();
        await clock.advance(step.ms);
        server.restart();
        break;
      case 'pause':
        engine.pause();
        break;
      case 'resume':
        engine.resume();
        break;
      case 'hide':
        engine.setVisible(false);
        break;
      case 'show':
        engine.setVisible(true);
        break;
      case 'setFilter':
        engine.setFilter(step.filter);
        break;
      case 'loadOlder':
        void engine.loadOlder();
        break;
    }
    checkSafety(engine.getSnapshot(), matching());
  }

  // Quiescent: nothing arrives any more, the server is up, the viewer looks and follows; the
  // longest backoff (30 s) plus a few polls later the engine must have everything. A held
  // request may wait out its `wait` for entries at its cursor time (ties): one wait more.
  server.restart();
  engine.resume();
  engine.setVisible(true);
  await clock.advance(35_000 + scenario.waitSeconds * 1000);
  await clock.advance(3 * (1000 + scenario.latencyMs));
  const snapshot = engine.getSnapshot();
  expect(server.requests.length, 'runaway polling').toBeLessThanOrEqual(server.maxRequests);
  expect(snapshot.status).toEqual({ kind: 'live' });
  checkComplete(snapshot, matching(), scenario.limit);

  if (scenario.loadAllOlder) {
    for (let i = 0; i < 200 && engine.getSnapshot().canLoadOlder; i += 1) {
      let settled = false;
      void engine.loadOlder().finally(() => {
        settled = true;
      });
      // `settled` is set by the promise above, which the linter cannot see.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      while (!settled) await clock.advance(Math.max(1, scenario.latencyMs));
    }
    const all = engine.getSnapshot();
    expect(all.canLoadOlder).toBe(false);
    checkComplete(all, matching(), scenario.limit);
    // Older pages reach the very first matching entry (or a reported gap before it).
    const firstMatching = matching()[0];
    // (unless the bounded buffer is full: then older entries have no room)
    const full = all.droppedCount > 0 || all.entries.length >= (scenario.maxEntries ?? 20_000);
    if (!full && firstMatching && all.entries[0]?.id !== firstMatching.id) {
      expect(all.gaps.some((gap) => gap.from === firstMatching.time)).toBe(true);
    }
  }
  engine.stop();
}

describe('TailEngine properties', { timeout: TIMEOUT }, () => {
  it('shows every matching entry exactly once, in order, from its start point on', async () => {
    await fc.assert(fc.asyncProperty(scenarioArb, run), { numRuns: RUNS });
  });

  it('holds against a waiting server and against one that ignores wait', async () => {
    const waitingArb = scenarioArb.map((scenario) => ({
      ...scenario,
      waitSeconds: 25 as const,
    }));
    await fc.assert(fc.asyncProperty(waitingArb, run), { numRuns: RUNS });
  });

  it('holds on servers whose times collide a lot (whole seconds, small pages)', async () => {
    const collidingArb = scenarioArb.map((scenario) => ({
      ...scenario,
      timeMode: 'second' as const,
      limit: Math.min(scenario.limit, 4),
    }));
    await fc.assert(fc.asyncProperty(collidingArb, run), { numRuns: RUNS });
  });

  it('opens around any entry and, paging both ways, reaches every matching entry once', async () => {
    const aroundArb = fc.record({
      timeMode: fc.constantFrom('micro' as const, 'milli' as const, 'second' as const),
      limit: fc.integer({ min: 1, max: 6 }),
      filter: filterArb,
      batches: fc.array(fc.array(entryArb, { minLength: 1, maxLength: 12 }), {
        minLength: 1,
        maxLength: 6,
      }),
      pick: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(aroundArb, async (scenario) => {
        const clock = new FakeClock();
        const server = new SimulatedLogServer({ clock, timeMode: scenario.timeMode });
        for (const batch of scenario.batches) {
          server.ingest(batch);
          await clock.advance(700);
        }
        const matching = matchingFilter(server, scenario.filter);
        const target = matching[scenario.pick % Math.max(1, matching.length)];
        if (!target) return;
        const engine = new TailEngine({
          fetchPage: server.fetchPage,
          clock,
          limit: scenario.limit,
        });
        engine.startAround(scenario.filter, target.time, target.id);
        await clock.advance(0);
        expect(engine.getSnapshot().status).toEqual({ kind: 'history' });
        checkSafety(engine.getSnapshot(), matching);
        for (let i = 0; i < 300 && engine.getSnapshot().canLoadOlder; i += 1) {
          await engine.loadOlder();
        }
        for (let i = 0; i < 300 && engine.getSnapshot().canLoadNewer; i += 1) {
          await engine.loadNewer();
        }
        const snapshot = engine.getSnapshot();
        checkSafety(snapshot, matching);
        for (const gap of snapshot.gaps) {
          const sharing = matching.filter((entry) => entry.time === gap.from).length;
          expect(sharing).toBeGreaterThan(scenario.limit);
        }
        const shown = new Set(snapshot.entries.map((entry) => entry.id));
        const missing = matching.filter(
          (entry) =>
            !shown.has(entry.id) &&
            !snapshot.gaps.some((gap) => entry.time >= gap.from && entry.time < gap.to),
        );
        expect(missing.map((entry) => entry.id)).toEqual([]);
        // The linked entry is there unless it sits in a reported gap.
        if (!snapshot.gaps.some((gap) => gap.from === target.time)) {
          expect(shown.has(target.id)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

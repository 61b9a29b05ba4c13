import { describe, expect, it } from 'vitest';
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import { FakeClock } from './fake-clock.test-helper';
import {
  SimulatedLogServer,
  type SimEntryInput,
  type SimulatedLogServerOptions,
} from './simulated-log-server.test-helper';
import { TailEngine, type TailSnapshot } from './tail-engine';

interface Setup {
  clock: FakeClock;
  server: SimulatedLogServer;
  engine: TailEngine;
}

function setup(
  options: Partial<Omit<SimulatedLogServerOptions, 'clock'>> & {
    limit?: number;
    maxEntries?: number;
    intervalMs?: number;
  } = {},
): Setup {
  const clock = new FakeClock();
  const server = new SimulatedLogServer({
    clock,
    timeMode: options.timeMode,
    latencyMs: options.latencyMs,
  });
  const engine = new TailEngine({
    fetchPage: server.fetchPage,
    clock,
    limit: options.limit ?? 5,
    maxEntries: options.maxEntries,
    intervalMs: options.intervalMs ?? 1000,
  });
  return { clock, server, engine };
}

function many(count: number, input: SimEntryInput = {}): SimEntryInput[] {
  return Array.from({ length: count }, () => ({ ...input }));
}

const ids = (entries: readonly AppLogEntry[]) => entries.map((entry) => entry.id);

describe('TailEngine: start and follow', () => {
  it('starts with the newest page, shown oldest first', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    const all = server.ingest(many(12));
    engine.start({});
    expect(engine.getSnapshot().status).toEqual({ kind: 'starting' });
    await clock.advance(0);
    const snapshot = engine.getSnapshot();
    expect(ids(snapshot.entries)).toEqual(ids(all.slice(-5)));
    expect(snapshot.status).toEqual({ kind: 'live' });
    expect(snapshot.canLoadOlder).toBe(true);
    expect(server.requests[0]).toEqual({ limit: 5 });
  });

  it('follows with since = the newest time exactly as received, each entry once', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    server.ingest(many(3));
    engine.start({});
    await clock.advance(0);
    const newest = engine.getSnapshot().entries.at(-1) as AppLogEntry;
    const added = server.ingest(many(2));
    await clock.advance(1000);
    const follow = server.requests[1];
    expect(follow?.since).toBe(newest.time);
    expect(typeof follow?.since).toBe('number');
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries.slice(-5)));
    expect(ids(engine.getSnapshot().entries).slice(-2)).toEqual(ids(added));
    expect(engine.getSnapshot().appended).toBe(2);
  });

  it('asks again at once after a full page (burst larger than limit)', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    engine.start({});
    await clock.advance(0);
    server.ingest(many(23));
    const seen: string[] = [];
    engine.subscribe(() => seen.push(engine.getSnapshot().status.kind));
    await clock.advance(1000);
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(seen).toContain('catching-up');
    expect(engine.getSnapshot().status).toEqual({ kind: 'live' });
    // 1 initial + 5 full pages + 1 short page, all within the same tick.
    expect(server.requests).toHaveLength(7);
    expect(clock.now() - server.requests.length).toBeGreaterThan(0);
  });

  it('remembers every id at the cursor time when many entries share it', async () => {
    const { clock, server, engine } = setup({ limit: 5, timeMode: 'second' });
    server.ingest(many(3));
    engine.start({});
    await clock.advance(0);
    server.ingest(many(2)); // same second: 5 entries share one time
    await clock.advance(0);
    await clock.advance(1000);
    server.ingest(many(4));
    await clock.advance(1000);
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(engine.getSnapshot().warnings).toEqual([]);
  });

  it('reports a gap and moves on when more than limit entries share one time', async () => {
    const { clock, server, engine } = setup({ limit: 3, timeMode: 'second' });
    engine.start({});
    await clock.advance(0);
    server.ingest(many(7)); // 7 > 3 at one time
    await clock.advance(1000);
    server.ingest(many(2)); // the next second
    await clock.advance(1000);
    await clock.advance(1000);
    const snapshot = engine.getSnapshot();
    expect(snapshot.warnings, JSON.stringify([snapshot.warnings, snapshot.gaps])).toHaveLength(1);
    expect(snapshot.warnings[0]).toMatch(
      /More than 3 entries share the time .*: some may be missing/,
    );
    expect(snapshot.gaps).toHaveLength(1);
    // The group's first 3 and last 3 (the one in the middle is out of reach), then the rest.
    expect(ids(snapshot.entries)).toEqual(
      ids([...server.entries.slice(0, 3), ...server.entries.slice(4)]),
    );
    expect(snapshot.status).toEqual({ kind: 'live' });
  });
});

describe('TailEngine: a server that rounds since down', () => {
  it('steps past the group, reports the range and loses nothing after it', async () => {
    const clock = new FakeClock();
    const server = new SimulatedLogServer({ clock, timeMode: 'milli' });
    // Reads `since` to whole milliseconds, rounding down: nextUp(T) comes back as T.
    const fetchPage: typeof server.fetchPage = (query, signal) =>
      server.fetchPage(
        typeof query.since === 'number'
          ? { ...query, since: Math.floor(query.since * 1000) / 1000 }
          : query,
        signal,
      );
    const engine = new TailEngine({ fetchPage, clock, limit: 3 });
    engine.start({});
    await clock.advance(0);
    server.ingest(many(8)); // one millisecond
    await clock.advance(1000);
    await clock.advance(1);
    const after = server.ingest(many(2));
    await clock.advance(10_000);
    const snapshot = engine.getSnapshot();
    const shown = ids(snapshot.entries);
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.slice(-2)).toEqual(ids(after));
    expect(snapshot.warnings, JSON.stringify([snapshot.warnings, snapshot.gaps])).toHaveLength(1);
    expect(snapshot.status).toEqual({ kind: 'live' });
  });
});

describe('TailEngine: filters', () => {
  it('passes level, job and q to the server and restarts on change', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    server.ingest([
      { level: 'info', text: 'hello' },
      { level: 'error', text: 'boom', job: 'sync' },
      { level: 'debug', text: 'noise' },
    ]);
    engine.start({ level: 'warn' });
    await clock.advance(0);
    expect(engine.getSnapshot().entries.map((entry) => entry.level)).toEqual(['error']);
    const before = engine.getSnapshot().generation;
    engine.setFilter({ q: 'hello' });
    expect(engine.getSnapshot().entries).toEqual([]);
    expect(engine.getSnapshot().generation).toBe(before + 1);
    await clock.advance(0);
    expect(engine.getSnapshot().entries.map((entry) => entry.data)).toEqual([{ message: 'hello' }]);
    expect(server.requests.at(-1)).toEqual({ limit: 5, q: 'hello' });
  });

  it('never shows an entry of the old filter, even when an old request answers late', async () => {
    const { clock, server, engine } = setup({ limit: 5, latencyMs: 500 });
    server.ingest([{ level: 'debug', text: 'old' }]);
    engine.start({});
    await clock.advance(100); // first request in flight
    engine.setFilter({ level: 'error' });
    server.ingest([{ level: 'error', text: 'new' }]);
    const seen: TailSnapshot[] = [];
    engine.subscribe(() => seen.push(engine.getSnapshot()));
    await clock.advance(5000);
    for (const snapshot of seen) {
      expect(snapshot.entries.every((entry) => entry.level === 'error')).toBe(true);
    }
    expect(engine.getSnapshot().entries.map((entry) => entry.data)).toEqual([{ message: 'new' }]);
  });

  it('keeps a time-range since on the client and follows from it', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    server.ingest(many(2));
    await clock.advance(60_000);
    const since = clock.now() / 1000;
    const recent = server.ingest(many(2));
    engine.start({ since });
    await clock.advance(0);
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(recent));
    expect(engine.getSnapshot().canLoadOlder).toBe(false);
  });

  it('is a history view without polling when before is set', async () => {
    const { clock, server, engine } = setup({ limit: 3 });
    const old = server.ingest(many(5));
    await clock.advance(10_000);
    const before = clock.now() / 1000;
    server.ingest(many(2));
    engine.start({ before });
    await clock.advance(0);
    expect(engine.getSnapshot().status).toEqual({ kind: 'history' });
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(old.slice(-3)));
    server.ingest(many(2));
    await clock.advance(10_000);
    expect(server.requests).toHaveLength(1);
    await engine.loadOlder();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(old));
    // A full page may have more behind it: one more request tells.
    await engine.loadOlder();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(old));
    expect(engine.getSnapshot().canLoadOlder).toBe(false);
  });
});

describe('TailEngine: buffer, errors, pause, visibility', () => {
  it('keeps a bounded buffer and counts what dropped out', async () => {
    const { clock, server, engine } = setup({ limit: 5, maxEntries: 10 });
    engine.start({});
    await clock.advance(0);
    server.ingest(many(25));
    await clock.advance(1000);
    const snapshot = engine.getSnapshot();
    expect(ids(snapshot.entries)).toEqual(ids(server.entries.slice(-10)));
    expect(snapshot.droppedCount).toBe(15);
    expect(snapshot.appended).toBe(25);
    expect(snapshot.canLoadOlder).toBe(false);
  });

  it('backs off 1, 2, 4 … 30 s and resumes from the cursor', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    server.ingest(many(2));
    engine.start({});
    await clock.advance(0);
    server.failNext(8);
    server.ingest(many(3));
    const delays: number[] = [];
    await clock.advance(1000); // first failure
    for (let i = 0; i < 8; i += 1) {
      const status = engine.getSnapshot().status;
      if (status.kind !== 'reconnecting') break;
      expect(status.attempt).toBe(i + 1);
      expect(status.error).toBe('Service unavailable');
      const delay = status.retryAt - clock.now();
      delays.push(delay);
      await clock.advance(delay);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(engine.getSnapshot().status).toEqual({ kind: 'live' });
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
  });

  it('survives a restart of the server with nothing lost or doubled', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    server.ingest(many(4));
    engine.start({});
    await clock.advance(0);
    server.crash();
    await clock.advance(5000);
    expect(engine.getSnapshot().status.kind).toBe('reconnecting');
    server.restart();
    server.ingest(many(12));
    await clock.advance(10_000);
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(new Set(ids(engine.getSnapshot().entries)).size).toBe(16);
  });

  it('holds entries back while paused and leaves no gap on resume', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    server.ingest(many(2));
    engine.start({});
    await clock.advance(0);
    engine.pause();
    server.ingest(many(7));
    await clock.advance(1000);
    const paused = engine.getSnapshot();
    expect(paused.status).toEqual({ kind: 'paused', pending: 7 });
    expect(paused.entries).toHaveLength(2);
    server.ingest(many(1));
    await clock.advance(1000);
    engine.resume();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(engine.getSnapshot().appended).toBe(8);
    expect(engine.getSnapshot().status).toEqual({ kind: 'live' });
  });

  it('stops polling while hidden and catches up at once when shown', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    engine.start({});
    await clock.advance(0);
    engine.setVisible(false);
    expect(engine.getSnapshot().status).toEqual({ kind: 'hidden' });
    const count = server.requests.length;
    server.ingest(many(9));
    await clock.advance(60_000);
    expect(server.requests).toHaveLength(count);
    engine.setVisible(true);
    await clock.advance(0);
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(engine.getSnapshot().status).toEqual({ kind: 'live' });
  });

  it('stops: no request after stop, and a late answer changes nothing', async () => {
    const { clock, server, engine } = setup({ limit: 5, latencyMs: 300 });
    server.ingest(many(3));
    engine.start({});
    await clock.advance(100); // the first page is in flight
    engine.stop();
    const snapshot = engine.getSnapshot();
    await clock.advance(60_000);
    expect(server.requests).toHaveLength(1);
    expect(engine.getSnapshot()).toBe(snapshot);
    expect(snapshot.entries).toEqual([]);
  });

  it('retries the first page of a history view with backoff', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    const old = server.ingest(many(3));
    await clock.advance(5000);
    server.failNext(2);
    engine.start({ before: clock.now() / 1000 });
    await clock.advance(0);
    expect(engine.getSnapshot().status).toMatchObject({ kind: 'reconnecting', attempt: 1 });
    await clock.advance(1000);
    expect(engine.getSnapshot().status).toMatchObject({ kind: 'reconnecting', attempt: 2 });
    await clock.advance(2000);
    expect(engine.getSnapshot().status).toEqual({ kind: 'history' });
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(old));
    await clock.advance(60_000);
    expect(server.requests).toHaveLength(3);
  });

  it('tries again at once on retryNow instead of waiting out the back-off', async () => {
    const { clock, server, engine } = setup({ limit: 5 });
    const all = server.ingest(many(3));
    server.failNext(2);
    engine.start({});
    await clock.advance(0);
    await clock.advance(1000);
    expect(engine.getSnapshot().status).toMatchObject({ kind: 'reconnecting', attempt: 2 });
    // The back-off is 2 s now; Retry does not wait for it.
    engine.retryNow();
    await clock.advance(0);
    expect(engine.getSnapshot().status).toEqual({ kind: 'live' });
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(all));
    expect(server.requests).toHaveLength(3);
  });

  it('keeps the snapshot reference while nothing changes', async () => {
    const { clock, engine } = setup({ limit: 5 });
    engine.start({});
    await clock.advance(0);
    const first = engine.getSnapshot();
    await clock.advance(5000);
    expect(engine.getSnapshot()).toBe(first);
  });
});

/** Ten entries a second apart, and a view (limit 3) opened around the sixth. */
async function openedAround() {
  const { clock, server, engine } = setup({ limit: 3 });
  const all: AppLogEntry[] = [];
  for (let i = 0; i < 10; i += 1) {
    all.push(...server.ingest(many(1)));
    await clock.advance(1000);
  }
  const target = all[5] as AppLogEntry;
  engine.startAround({}, target.time, target.id);
  await clock.advance(0);
  return { server, engine, all, target };
}

describe('TailEngine: older entries and around an entry', () => {
  it('loads older entries with before, deduplicated across a group cut by the first page', async () => {
    const { clock, server, engine } = setup({ limit: 4, timeMode: 'second' });
    server.ingest(many(3));
    await clock.advance(1000);
    server.ingest(many(3)); // one time shared by 3; the first page holds only 1 of them
    await clock.advance(1000);
    server.ingest(many(3));
    engine.start({});
    await clock.advance(0);
    expect(engine.getSnapshot().entries).toHaveLength(4);
    await engine.loadOlder();
    await engine.loadOlder();
    await engine.loadOlder();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(engine.getSnapshot().canLoadOlder).toBe(false);
  });

  it('skips entries older than the start point that share the first page time', async () => {
    const { clock, server, engine } = setup({ limit: 3, timeMode: 'second' });
    server.ingest(many(5)); // one second, more than a page
    engine.start({});
    await clock.advance(0);
    await clock.advance(1000);
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries.slice(-3)));
    expect(engine.getSnapshot().warnings).toEqual([]);
    // The group's start comes with loadOlder, before what was shown.
    await engine.loadOlder();
    await engine.loadOlder();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(server.entries));
    expect(engine.getSnapshot().warnings).toEqual([]);
  });

  it('does not take entries that arrived after the start at the oldest time for older ones', async () => {
    // Found by the property test: everything shares one second, and loadOlder's page (newest
    // first before just above that time) lists a newer arrival first.
    const { clock, server, engine } = setup({ limit: 1, timeMode: 'second' });
    server.ingest(many(1));
    engine.start({});
    await clock.advance(0);
    server.ingest(many(1));
    await engine.loadOlder();
    await clock.advance(2000);
    const snapshot = engine.getSnapshot();
    expect(ids(snapshot.entries)).toEqual(ids(server.entries));
  });

  it('opens around an entry with entries before and after it', async () => {
    const { engine, all, target } = await openedAround();
    const snapshot = engine.getSnapshot();
    expect(snapshot.status).toEqual({ kind: 'history' });
    expect(snapshot.focusId).toBe(target.id);
    expect(ids(snapshot.entries)).toEqual(ids(all.slice(3, 8)));
    expect(snapshot.canLoadOlder).toBe(true);
    expect(snapshot.canLoadNewer).toBe(true);
    await engine.loadNewer();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(all.slice(3)));
  });

  it('shows a failed newer page as a newer error, and clears it on the next try', async () => {
    const { server, engine, all } = await openedAround();
    server.failNext(1);
    await engine.loadNewer();
    expect(engine.getSnapshot().newerError).toBe('Service unavailable');
    expect(engine.getSnapshot().olderError).toBeNull();
    expect(engine.getSnapshot().canLoadNewer).toBe(true);
    await engine.loadNewer();
    expect(engine.getSnapshot().newerError).toBeNull();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(all.slice(3)));
  });

  it('clears a failed older page error on the next try', async () => {
    const { clock, server, engine } = setup({ limit: 3 });
    const all = server.ingest(many(6));
    engine.start({});
    await clock.advance(0);
    server.failNext(1);
    await engine.loadOlder();
    expect(engine.getSnapshot().olderError).toBe('Service unavailable');
    expect(engine.getSnapshot().newerError).toBeNull();
    await engine.loadOlder();
    expect(engine.getSnapshot().olderError).toBeNull();
    while (engine.getSnapshot().canLoadOlder) await engine.loadOlder();
    expect(ids(engine.getSnapshot().entries)).toEqual(ids(all));
  });
});

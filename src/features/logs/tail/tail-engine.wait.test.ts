/**
 * The engine against a server that holds `wait` requests and against one that ignores `wait`
 * (decision 013), on the fake clock.
 */
import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock.test-helper';
import { SimulatedLogServer } from './simulated-log-server.test-helper';
import { TailEngine } from './tail-engine';
import { IDLE_GRACE, MAX_IDLE_INTERVAL_MS } from './tail-idle';
import { STRIKES } from './tail-wait';

function setup(honoursWait: boolean) {
  const clock = new FakeClock();
  const server = new SimulatedLogServer({ clock, honoursWait, latencyMs: 20 });
  const engine = new TailEngine({
    fetchPage: server.fetchPage,
    clock,
    limit: 50,
    intervalMs: 1000,
    waitSeconds: 25,
  });
  return { clock, server, engine };
}

const texts = (engine: TailEngine) =>
  engine.getSnapshot().entries.map((entry) => (entry.data as { message: string }).message);

describe('TailEngine with a waiting server', () => {
  it('shows a line as soon as it is ingested, with no interval to wait out', async () => {
    const { clock, server, engine } = setup(true);
    server.ingest([{ text: 'first' }]);
    engine.start({});
    await clock.advance(100);
    expect(server.heldCount()).toBe(1);
    expect(server.requests.at(-1)).toMatchObject({ wait: 25 });
    server.ingest([{ text: 'second' }]);
    await clock.advance(25); // the server's latency, far below the 1 s interval
    expect(texts(engine)).toEqual(['first', 'second']);
    expect(server.heldCount()).toBe(1); // and the next request is held again
    engine.stop();
    await clock.advance(0);
    expect(server.heldCount()).toBe(0);
  });

  it('notices a silently dropped held request a little after the wait, and follows again', async () => {
    const { clock, server, engine } = setup(true);
    server.ingest([{ text: 'first' }]);
    engine.start({});
    await clock.advance(100);
    expect(server.heldCount()).toBe(1);
    server.dropHeldSilently();
    server.ingest([{ text: 'second' }]);
    // Past the 25 s wait the server would have answered: the request is given up a little
    // later, and the next one (after the first back-off step) brings the line.
    await clock.advance(25_000);
    expect(texts(engine)).toEqual(['first']);
    await clock.advance(10_000);
    expect(texts(engine)).toEqual(['first', 'second']);
    expect(server.heldCount()).toBe(1);
  });

  it('gives no deadline to a request without wait: a slow first page still arrives', async () => {
    const clock = new FakeClock();
    const server = new SimulatedLogServer({ clock, honoursWait: true, latencyMs: 60_000 });
    const engine = new TailEngine({ fetchPage: server.fetchPage, clock, waitSeconds: 25 });
    server.ingest([{ text: 'slow' }]);
    engine.start({});
    await clock.advance(60_100);
    expect(texts(engine)).toEqual(['slow']);
    expect(server.requests).toHaveLength(2); // the first page, then the held follow request
    engine.stop();
  });

  it('keeps holding requests across quiet minutes, a few requests a minute', async () => {
    const { clock, server, engine } = setup(true);
    engine.start({});
    await clock.advance(60_000);
    expect(server.requests.length).toBeLessThanOrEqual(5);
    server.ingest([{ text: 'late' }]);
    await clock.advance(25);
    expect(texts(engine)).toEqual(['late']);
  });
});

describe('TailEngine with a server that ignores wait', () => {
  it(`stops sending wait after ${STRIKES} quick empty answers and polls at the interval`, async () => {
    const { clock, server, engine } = setup(false);
    server.ingest([{ text: 'first' }]);
    engine.start({});
    await clock.advance(3_500);
    const waited = server.requests.filter((query) => query.wait !== undefined);
    expect(waited).toHaveLength(STRIKES);
    // While lines come, one request a second (plus the server's latency), without wait.
    const count = server.requests.length;
    for (let line = 0; line < 5; line++) {
      server.ingest([{ text: `line ${line}` }]);
      await clock.advance(1_100);
      expect(texts(engine).at(-1)).toBe(`line ${line}`);
    }
    expect(server.requests.length - count).toBeGreaterThanOrEqual(4);
    expect(server.requests.length - count).toBeLessThanOrEqual(6);
    expect(server.requests.slice(count).every((query) => query.wait === undefined)).toBe(true);
  });

  it('backs off while idle, and follows at the interval again once lines come', async () => {
    const { clock, server, engine } = setup(false);
    server.ingest([{ text: 'first' }]);
    engine.start({});
    await clock.advance(10_000);
    const count = server.requests.length;
    await clock.advance(60_000);
    // At most one request per MAX_IDLE_INTERVAL_MS once backed off, not 60.
    expect(server.requests.length - count).toBeLessThanOrEqual(60_000 / MAX_IDLE_INTERVAL_MS + 1);
    server.ingest([{ text: 'late' }]);
    await clock.advance(MAX_IDLE_INTERVAL_MS + 100);
    expect(texts(engine)).toEqual(['first', 'late']);
    // The answer that brought it resets the back-off: the grace's answers come a second apart.
    const afterLate = server.requests.length;
    await clock.advance(IDLE_GRACE * 1_050);
    expect(server.requests.length - afterLate).toBeGreaterThanOrEqual(IDLE_GRACE - 1);
    server.ingest([{ text: 'soon' }]);
    await clock.advance(2_100);
    expect(texts(engine)).toEqual(['first', 'late', 'soon']);
  });
});

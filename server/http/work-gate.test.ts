import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { QUEUED_PER_RUNNING, WorkGate, type Release } from './work-gate';

/** Resolves after pending promise callbacks ran. */
const settle = () => new Promise((done) => setImmediate(done));

describe('WorkGate', () => {
  it("holds a token to its cap; another token's request goes at once", async () => {
    const gate = new WorkGate({ perToken: 2, perSite: 0, maxWaitMs: 60_000 });
    const first = await gate.enter('t1', 'a');
    await gate.enter('t1', 'a');
    let third: Release | undefined;
    void gate.enter('t1', 'a').then((release) => (third = release));
    await settle();
    expect(third).toBeUndefined();
    // Not behind t1's queue.
    const other = await gate.enter('t2', 'a');
    expect(gate.running()).toBe(3);
    first();
    first(); // a second call does nothing
    await settle();
    expect(third).toBeDefined();
    expect(gate.running()).toBe(3);
    other();
  });

  it('holds a site to its cap across its tokens; a site-less request counts only its token', async () => {
    const gate = new WorkGate({ perToken: 0, perSite: 2, maxWaitMs: 60_000 });
    const one = await gate.enter('t1', 'a');
    await gate.enter('t2', 'a');
    let waiting: Release | undefined;
    void gate.enter('t3', 'a').then((release) => (waiting = release));
    await gate.enter('t3', 'b');
    await gate.enter('t3', '');
    await settle();
    expect(waiting).toBeUndefined();
    one();
    await settle();
    expect(waiting).toBeDefined();
  });

  it('answers 503 with Retry-After when the turn does not come within the wait', async () => {
    const gate = new WorkGate({ perToken: 1, perSite: 0, maxWaitMs: 20 });
    const held = await gate.enter('t1', 'a');
    const refused = await gate.enter('t1', 'a').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(503);
    expect((refused as HttpError).headers['Retry-After']).toBe('1');
    // The refused one left the queue: the next turn goes to a new request.
    held();
    const next = await gate.enter('t1', 'a');
    expect(gate.running()).toBe(1);
    next();
  });

  it('refuses at once beyond QUEUED_PER_RUNNING waiting per turn of the token', async () => {
    const gate = new WorkGate({ perToken: 1, perSite: 0, maxWaitMs: 60_000 });
    const held = await gate.enter('t1', 'a');
    const waiting = Array.from({ length: QUEUED_PER_RUNNING }, () => gate.enter('t1', 'a'));
    await expect(gate.enter('t1', 'a')).rejects.toMatchObject({ statusCode: 503 });
    held();
    // They go in turn.
    for (const turn of waiting) (await turn)();
    expect(gate.running()).toBe(0);
  });
});

// The pure core on its own: requests follow from the state, answers make a new state, and
// the state they were given stays as it was.
import { describe, expect, it } from 'vitest';
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import { applyPage, nextRequest, pageRequest } from './tail-requests';
import { startState, statusOf, type TailState } from './tail-state';

function entry(id: string, time: number): AppLogEntry {
  return { id, time, level: 'info', data: {}, context: null, created_at: '' };
}

const options = { limit: 3, maxEntries: 100 };
const visible = { retry: null, visible: true };

/** Answers the state's next request with `page` (newest first, as a server sends it). */
function answer(state: TailState, page: AppLogEntry[], nowMs = 10_000): TailState {
  const next = nextRequest(state);
  if (!next) throw new Error('no request to answer');
  return applyPage(state, next.request, page, nowMs);
}

describe('the tail core', () => {
  it('asks for the newest page first, then follows from its newest time', () => {
    let state = startState({ level: 'warn' }, options);
    expect(nextRequest(state)).toEqual({
      request: { kind: 'first', query: { limit: 3, level: 'warn' } },
      afterInterval: false,
    });
    state = answer(state, [entry('b', 2.5), entry('a', 1)]);
    expect(state.buffer.entries.map((item) => item.id)).toEqual(['a', 'b']);
    expect(statusOf(state, visible)).toEqual({ kind: 'live' });
    expect(nextRequest(state)).toEqual({
      request: { kind: 'follow', query: { limit: 3, level: 'warn', since: 2.5 } },
      afterInterval: true,
    });
  });

  it('asks again at once after a full page and says how far behind it is', () => {
    let state = answer(startState({}, options), []);
    state = answer(state, [entry('a', 1), entry('b', 2), entry('c', 3)], 8_000);
    expect(statusOf(state, visible)).toEqual({ kind: 'catching-up', behindSeconds: 5 });
    expect(nextRequest(state)?.afterInterval).toBe(false);
    expect(nextRequest(state)?.request.query.since).toBe(3);
  });

  it('goes to the two ends of a group when a full page holds nothing new', () => {
    let state = answer(startState({}, options), [entry('a', 5)]);
    state = answer(state, [entry('a', 5), entry('b', 5), entry('c', 5)]);
    state = answer(state, [entry('a', 5), entry('b', 5), entry('c', 5)]);
    const after = nextRequest(state);
    expect(after?.request.kind).toBe('group-after');
    expect(after?.request.query.since).toBeGreaterThan(5);
    state = answer(state, [entry('e', 6)]);
    expect(nextRequest(state)?.request).toMatchObject({
      kind: 'group-end',
      query: { before: after?.request.query.since },
    });
    state = answer(state, [entry('d', 5), entry('c', 5), entry('b', 5)]);
    expect(state.buffer.entries.map((item) => item.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.gaps).toEqual([]);
  });

  it('has no request of its own in a history view, and older pages on demand', () => {
    let state = startState({ before: 100 }, options);
    expect(nextRequest(state)?.request.query).toEqual({ limit: 3, before: 100 });
    state = answer(state, [entry('c', 30), entry('b', 20), entry('a', 10)]);
    expect(statusOf(state, visible)).toEqual({ kind: 'history' });
    expect(nextRequest(state)).toBeNull();
    expect(pageRequest(state, 'older')).toMatchObject({ kind: 'older', query: { limit: 3 } });
    expect(pageRequest(state, 'newer')).toBeNull();
  });

  it('never changes the state it was given', () => {
    const start = answer(startState({}, options), [entry('b', 2), entry('a', 1)]);
    const copy = structuredClone(start);
    answer(start, [entry('b', 2), entry('c', 3), entry('d', 4)]);
    expect(start).toEqual(copy);
  });

  it('shows hidden, then a failed request, then paused, before its own phase', () => {
    const state = answer(startState({}, options), []);
    const retry = { retryAt: 5, attempt: 1, error: 'down' };
    expect(statusOf(state, { retry, visible: false })).toEqual({ kind: 'hidden' });
    expect(statusOf(state, { retry, visible: true })).toMatchObject({ kind: 'reconnecting' });
    const pausedState = { ...state, buffer: { ...state.buffer, paused: true } };
    expect(statusOf(pausedState, visible)).toEqual({ kind: 'paused', pending: 0 });
  });
});

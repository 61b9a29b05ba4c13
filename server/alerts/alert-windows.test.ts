/** Issue 41: an alert's windows, states and firing moments over per-minute counts (pure). */
import { describe, expect, it } from 'vitest';
import {
  alertWindows,
  evaluationMoments,
  firingMoments,
  MINUTE_MS,
  stateOf,
} from './alert-windows';

const above = {
  condition: { op: '>' as const, threshold: 2, window_minutes: 2 },
  no_data: 'ok' as const,
};

describe('alert windows', () => {
  it('says from when a partial window counted; > fires on it, < never does (decision 087)', () => {
    // Minutes 0 and 1 were not read (a field condition's row window): they hold 0.
    const counts = {
      startMs: 0,
      matching: [0, 0, 3, 0],
      all: [5, 5, 5, 5],
      counted: [false, false, true, true],
    };
    const ends = [2, 3, 4].map((minute) => minute * MINUTE_MS);
    const windows = alertWindows(above, counts, ends);
    expect(windows).toEqual([
      { endMs: 2 * MINUTE_MS, count: 0, state: 'ok', countedSinceMs: 2 * MINUTE_MS },
      { endMs: 3 * MINUTE_MS, count: 3, state: 'firing', countedSinceMs: 2 * MINUTE_MS },
      { endMs: 4 * MINUTE_MS, count: 3, state: 'firing' },
    ]);
    const fewer = {
      condition: { op: '<' as const, threshold: 1, window_minutes: 2 },
      no_data: 'ok' as const,
    };
    expect(alertWindows(fewer, counts, ends).map((w) => w.state)).toEqual(['ok', 'ok', 'ok']);
    expect(
      alertWindows(fewer, { ...counts, matching: [0, 0, 0, 0] }, ends).map((w) => w.state),
    ).toEqual(['ok', 'ok', 'firing']);
  });

  it('counts each window over its minutes and tells no data apart from a count of 0', () => {
    const counts = { startMs: 0, matching: [0, 3, 0, 0, 1, 0], all: [0, 3, 1, 0, 1, 0] };
    const ends = [1, 2, 3, 4, 5, 6].map((minute) => minute * MINUTE_MS);
    const windows = alertWindows(above, counts, ends);
    expect(windows.map((w) => w.count)).toEqual([0, 3, 3, 0, 1, 1]);
    expect(windows.map((w) => w.state)).toEqual(['no_data', 'firing', 'firing', 'ok', 'ok', 'ok']);
    expect(firingMoments(above, windows)).toEqual([2 * MINUTE_MS]);
  });

  it('fires once per run of alerting windows; no data alerts only with no_data "alert"', () => {
    const below = {
      condition: { op: '<' as const, threshold: 1, window_minutes: 1 },
      no_data: 'ok' as const,
    };
    const counts = { startMs: 0, matching: [0, 0, 2, 0], all: [0, 5, 2, 0] };
    const ends = [1, 2, 3, 4].map((minute) => minute * MINUTE_MS);
    const quiet = alertWindows(below, counts, ends);
    expect(quiet.map((w) => w.state)).toEqual(['no_data', 'firing', 'ok', 'no_data']);
    expect(firingMoments(below, quiet)).toEqual([2 * MINUTE_MS]);
    const loud = { ...below, no_data: 'alert' as const };
    expect(firingMoments(loud, alertWindows(loud, counts, ends))).toEqual([
      MINUTE_MS,
      4 * MINUTE_MS,
    ]);
    expect(stateOf(below, 0, 0)).toBe('no_data');
  });

  it('puts evaluation moments on the minute grid, every N minutes, within the span', () => {
    const now = 10 * MINUTE_MS + 30_000;
    expect(evaluationMoments(1, now, 3)).toEqual([8, 9, 10].map((m) => m * MINUTE_MS));
    expect(evaluationMoments(5, now, 8)).toEqual([5, 10].map((m) => m * MINUTE_MS));
  });
});

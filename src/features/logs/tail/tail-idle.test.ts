import { describe, expect, it } from 'vitest';
import { IDLE_GRACE, MAX_IDLE_INTERVAL_MS, idleIntervalMs } from './tail-idle';

describe('idleIntervalMs', () => {
  it('keeps the interval through the grace, then doubles it up to the cap', () => {
    const intervals = Array.from({ length: IDLE_GRACE + 6 }, (_, idle) =>
      idleIntervalMs(1000, idle),
    );
    expect(intervals.slice(0, IDLE_GRACE + 1)).toEqual(Array(IDLE_GRACE + 1).fill(1000));
    expect(intervals.slice(IDLE_GRACE + 1)).toEqual([2000, 4000, 8000, 10_000, 10_000]);
    expect(idleIntervalMs(1000, 10_000)).toBe(MAX_IDLE_INTERVAL_MS);
  });

  it('never goes below an interval longer than the cap', () => {
    expect(idleIntervalMs(30_000, 50)).toBe(30_000);
  });
});

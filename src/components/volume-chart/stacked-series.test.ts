import { describe, expect, it } from 'vitest';
import type { LogVolume } from '../../../contract/schemas/app-log-volume';
import { describeCounts, stackedSeries } from './stacked-series';

const zero = { debug: 0, info: 0, warn: 0, error: 0, fatal: 0, unknown: 0 };

describe('stackedSeries', () => {
  it('stacks levels from errors up, tallest series first', () => {
    const volume: LogVolume = {
      since: 0,
      before: 20,
      bucket_seconds: 10,
      buckets: [
        { start: 0, counts: { ...zero, error: 2, info: 3 } },
        { start: 10, counts: { ...zero, debug: 1 } },
      ],
    };
    const [xs, ...series] = stackedSeries(volume);
    expect(xs).toEqual([0, 10]);
    // unknown, debug, info, warn, error, fatal: each the total up to it.
    expect(series).toEqual([
      [5, 1],
      [5, 1],
      [5, 0],
      [2, 0],
      [2, 0],
      [0, 0],
    ]);
  });
});

describe('describeCounts', () => {
  it('describes counts', () => {
    expect(describeCounts({ ...zero, error: 3, info: 12 })).toBe('3 error · 12 info');
    expect(describeCounts(zero)).toBe('No entries');
  });
});

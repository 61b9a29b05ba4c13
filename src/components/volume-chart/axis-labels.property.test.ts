import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axisLabels } from './axis-labels';

const DAY_MS = 86_400_000;
const BASE_MS = Date.UTC(2026, 10, 27, 18, 7, 0);

/** Distinct whole-millisecond split times (in seconds, as uPlot gives them), ascending. */
const splits = (maxSpanMs: number) =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: maxSpanMs }), { minLength: 1, maxLength: 40 })
    .map((offsets) => offsets.sort((a, b) => a - b).map((offset) => (BASE_MS + offset) / 1000));

describe('axisLabels', () => {
  it('never repeats a label, at any zoom from milliseconds to weeks', () => {
    for (const maxSpanMs of [50, 8_000, 600_000, DAY_MS, 14 * DAY_MS, 800 * DAY_MS]) {
      fc.assert(
        fc.property(splits(maxSpanMs), (values) => {
          const labels = axisLabels(values);
          expect(new Set(labels).size).toBe(values.length);
        }),
      );
    }
  });

  it('shows no finer unit than the splits need', () => {
    const wholeMinutes = fc
      .uniqueArray(fc.integer({ min: 0, max: 600 }), { minLength: 2, maxLength: 20 })
      .map((minutes) => minutes.sort((a, b) => a - b).map((m) => (BASE_MS + m * 60_000) / 1000));
    fc.assert(
      fc.property(wholeMinutes, (values) => {
        for (const label of axisLabels(values)) expect(label).toMatch(/^\d\d:\d\d$/);
      }),
    );
  });

  it('labels an 8 s zoom by the second, not "18:07" sixteen times (issue 30)', () => {
    const values = Array.from({ length: 16 }, (_, i) => (BASE_MS + i * 500) / 1000);
    const labels = axisLabels(values);
    expect(new Set(labels).size).toBe(16);
    const everySecond = Array.from({ length: 8 }, (_, i) => (BASE_MS + i * 1000) / 1000);
    expect(axisLabels(everySecond).every((label) => /^\d\d:\d\d:\d\d$/.test(label))).toBe(true);
  });

  it('names the day when the splits span days', () => {
    const days = [0, 1, 2].map((d) => (BASE_MS + d * DAY_MS) / 1000);
    expect(axisLabels(days).every((label) => /^\d\d-\d\d$/.test(label))).toBe(true);
  });
});

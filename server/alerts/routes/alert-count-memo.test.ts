/**
 * Decision 095: what the evaluator remembers of an alert's minutes. A minute is found only as the
 * minute it was counted for (a minute a day later takes its slot and hides it), and another query
 * or app starts empty.
 */
import { describe, expect, it } from 'vitest';
import type { AlertRule } from '../../../contract/schemas/alert';
import { MINUTE_MS } from '../alert-windows';
import { AlertCountMemo, MinuteMemo } from './alert-count-memo';

const DAY_MS = 1440 * MINUTE_MS;
const T0 = Date.UTC(2026, 10, 29, 12, 0);

const rule: AlertRule = {
  name: 'Bad gateways',
  app: 'shop',
  where: ['status:502'],
  condition: { op: '>', threshold: 3, window_minutes: 1440 },
  every_minutes: 1,
  no_data: 'ok',
  notify: {},
  enabled: true,
};

describe('MinuteMemo', () => {
  it('answers a minute only as the minute it was counted for', () => {
    const memo = new MinuteMemo();
    expect(memo.get(T0)).toBeUndefined();
    expect(memo.newest()).toBeUndefined();
    memo.set(T0, { all: 120, matching: 3 });
    memo.set(T0 + MINUTE_MS, { all: 80, matching: 0 });
    expect(memo.get(T0)).toEqual({ all: 120, matching: 3 });
    expect(memo.newest()).toBe(T0 + MINUTE_MS);
    // A day later the same slot: the old minute is gone, the new one answers.
    expect(memo.get(T0 + DAY_MS)).toBeUndefined();
    memo.set(T0 + DAY_MS, { all: 7, matching: 7 });
    expect(memo.get(T0)).toBeUndefined();
    expect(memo.get(T0 + DAY_MS)).toEqual({ all: 7, matching: 7 });
    memo.delete(T0 + MINUTE_MS);
    expect(memo.get(T0 + MINUTE_MS)).toBeUndefined();
    expect(memo.newest()).toBe(T0 + DAY_MS);
  });
});

describe('AlertCountMemo', () => {
  it('keeps an alert’s minutes while its query and app stay, and forgets the rest', () => {
    const memos = new AlertCountMemo();
    memos.minutesOf(1, 10, rule).set(T0, { all: 5, matching: 2 });
    expect(memos.minutesOf(1, 10, { ...rule, name: 'Renamed' }).get(T0)).toEqual({
      all: 5,
      matching: 2,
    });
    // Another condition, or the app made again under the same name: counted afresh.
    expect(memos.minutesOf(1, 10, { ...rule, where: ['status:500'] }).get(T0)).toBeUndefined();
    memos.minutesOf(1, 10, rule).set(T0, { all: 5, matching: 2 });
    expect(memos.minutesOf(1, 11, rule).get(T0)).toBeUndefined();
    memos.minutesOf(2, 10, rule).set(T0, { all: 5, matching: 2 });
    memos.keepOnly([1]);
    expect(memos.minutesOf(2, 10, rule).get(T0)).toBeUndefined();
  });
});

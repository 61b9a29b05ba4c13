import { describe, expect, it } from 'vitest';
import {
  effectiveRange,
  filterFromSearch,
  fromDateTimeLocal,
  isHistorySearch,
  toDateTimeLocal,
} from './log-range';

const NOW = 1_800_000_000;

describe('filterFromSearch', () => {
  it('is an empty live tail without parameters', () => {
    expect(filterFromSearch({}, NOW)).toEqual({});
    expect(effectiveRange({})).toBe('live');
  });

  it('carries level, job and q, trimmed, and drops empty text', () => {
    expect(filterFromSearch({ level: 'warn', job: ' sync ', q: 'level:error boom' }, NOW)).toEqual({
      level: 'warn',
      job: 'sync',
      q: 'level:error boom',
    });
    expect(filterFromSearch({ job: '  ', q: '' }, NOW)).toEqual({});
  });

  it('turns a preset into a since relative to now', () => {
    expect(filterFromSearch({ range: '15m' }, NOW)).toEqual({ since: NOW - 900 });
    expect(filterFromSearch({ range: '7d' }, NOW + 0.1234)).toEqual({
      since: NOW - 604_800 + 0.123,
    });
  });

  it('ignores since and before under a preset or live, keeps them for custom', () => {
    expect(filterFromSearch({ range: 'live', since: 5, before: 9 }, NOW)).toEqual({});
    expect(
      filterFromSearch({ range: 'custom', since: 5, before: '2026-01-01T00:00:00Z' }, NOW),
    ).toEqual({ since: 5, before: '2026-01-01T00:00:00Z' });
    expect(filterFromSearch({ since: 5 }, NOW)).toEqual({ since: 5 });
  });
});

describe('isHistorySearch', () => {
  it('is history with a custom before or when opened at an entry', () => {
    expect(isHistorySearch({ range: 'custom', before: 10 })).toBe(true);
    expect(isHistorySearch({ before: 10 })).toBe(true);
    expect(isHistorySearch({ range: 'custom', since: 10 })).toBe(false);
    expect(isHistorySearch({ range: 'live', before: 10 })).toBe(false);
    expect(isHistorySearch({ entry: 'x', at: 12.5 })).toBe(true);
    expect(isHistorySearch({ entry: 'x' })).toBe(false);
  });
});

describe('datetime-local conversion', () => {
  it('round-trips whole seconds through the input value', () => {
    const value = toDateTimeLocal(NOW);
    expect(value).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(fromDateTimeLocal(value)).toBe(NOW);
  });

  it('accepts ISO strings and rejects nonsense', () => {
    expect(fromDateTimeLocal(toDateTimeLocal(new Date(NOW * 1000).toISOString()))).toBe(NOW);
    expect(toDateTimeLocal('not a date')).toBe('');
    expect(toDateTimeLocal(undefined)).toBe('');
    expect(fromDateTimeLocal('')).toBeUndefined();
    expect(fromDateTimeLocal('garbage')).toBeUndefined();
  });
});

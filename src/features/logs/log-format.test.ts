import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import {
  formatBehind,
  formatEntryCount,
  formatLogTime,
  formatUtcOffset,
  isErrorLevel,
  logJobName,
  formatRelativeTime,
  prettyJson,
  toNdjson,
  formatLogTimePrecise,
} from './log-format';

function entry(overrides: Partial<AppLogEntry> = {}): AppLogEntry {
  return {
    id: '1',
    level: 'info',
    data: 'hello',
    context: null,
    created_at: '2026-11-21T05:00:00.000Z',
    time: 1_795_237_200.123,
    ...overrides,
  };
}

describe('formatLogTime', () => {
  it('shows UTC with milliseconds', () => {
    expect(formatLogTime(Date.UTC(2026, 10, 21, 5, 7, 9, 45) / 1000, true)).toBe(
      '2026-11-21 05:07:09.045',
    );
  });

  it('keeps the milliseconds of a float epoch that binary floating point cannot hold exactly', () => {
    expect(formatLogTime(1_795_237_200.123, true)).toBe('2026-11-21 05:00:00.123');
    expect(formatLogTime(1_795_237_200.9996, true)).toBe('2026-11-21 05:00:01.000');
  });

  it('shows local time with milliseconds', () => {
    const time = 1_795_237_200.5;
    const local = new Date(time * 1000);
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(
      local.getDate(),
    ).padStart(2, '0')} ${String(local.getHours()).padStart(2, '0')}:${String(
      local.getMinutes(),
    ).padStart(2, '0')}:${String(local.getSeconds()).padStart(2, '0')}.500`;
    expect(formatLogTime(time, false)).toBe(expected);
  });

  it('agrees with toISOString for any time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(formatLogTime(ms / 1000, true)).toBe(`${iso.slice(0, 10)} ${iso.slice(11, 23)}`);
      }),
    );
  });

  it('shows a number it cannot convert as it is', () => {
    expect(formatLogTime(Number.POSITIVE_INFINITY, true)).toBe('Infinity');
  });
});

describe('formatUtcOffset', () => {
  it('formats the local offset', () => {
    expect(formatUtcOffset(new Date())).toMatch(/^UTC[+-]\d\d:\d\d$/);
  });
});

describe('logJobName', () => {
  it('reads context.job.name', () => {
    expect(logJobName({ job: { name: 'sync-inventory', id: 7 } })).toBe('sync-inventory');
    expect(logJobName({ job: 'send-digest' })).toBe('send-digest');
  });

  it('is null without a job', () => {
    expect(logJobName(null)).toBeNull();
    expect(logJobName({ request: { path: '/' } })).toBeNull();
    expect(logJobName({ job: { name: 3 } })).toBeNull();
    expect(logJobName({ job: ['x'] })).toBeNull();
  });
});

describe('small helpers', () => {
  it('knows which levels are errors', () => {
    expect(isErrorLevel('error')).toBe(true);
    expect(isErrorLevel('fatal')).toBe(true);
    expect(isErrorLevel('warn')).toBe(false);
  });

  it('pretty-prints JSON and leaves strings alone', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('text')).toBe('text');
    expect(prettyJson(null)).toBe('null');
  });

  it('says how far behind in words', () => {
    expect(formatBehind(4.4)).toBe('4 s');
    expect(formatBehind(125)).toBe('2 min');
    expect(formatBehind(3600 + 300)).toBe('1 h 5 min');
    expect(formatBehind(7200)).toBe('2 h');
    expect(formatBehind(5 * 86400)).toBe('5 days');
    expect(formatBehind(-3)).toBe('0 s');
  });

  it('says how long ago, and "now" within a second', () => {
    expect(formatRelativeTime(100, 112_400)).toBe('12 s ago');
    expect(formatRelativeTime(100, 100_500)).toBe('now');
    expect(formatRelativeTime(100, 400_000)).toBe('5 min ago');
  });

  it('exports one JSON line per entry that parses back to the same entries', () => {
    const entries = [entry({ id: 'a' }), entry({ id: 'b', data: { text: 'line\nbreak' } })];
    const text = toNdjson(entries);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line) as AppLogEntry)).toEqual(entries);
    expect(toNdjson([])).toBe('');
  });
});

describe('formatLogTimePrecise', () => {
  it('shows the microseconds that order lines within one millisecond', () => {
    const time = Date.UTC(2026, 0, 2, 3, 4, 5, 678) / 1000;
    expect(formatLogTimePrecise(time + 0.000_012, true)).toBe('2026-01-02 03:04:05.678012');
    expect(formatLogTimePrecise(time + 0.000_999, true)).toBe('2026-01-02 03:04:05.678999');
    expect(formatLogTimePrecise(time, true)).toBe('2026-01-02 03:04:05.678000');
  });
});

describe('formatEntryCount', () => {
  it('says one entry, and groups the thousands of many', () => {
    expect(formatEntryCount(0)).toBe('0 entries');
    expect(formatEntryCount(1)).toBe('1 entry');
    expect(formatEntryCount(2)).toBe('2 entries');
    expect(formatEntryCount(20000)).toBe('20,000 entries');
  });
});

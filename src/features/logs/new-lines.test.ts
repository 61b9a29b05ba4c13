import { describe, expect, it } from 'vitest';
import type { AppLogEntry, LogLevel } from '../../../contract/schemas/app-log';
import { countNewLines, describeLive, describeNewLines } from './new-lines';

function entries(levels: LogLevel[]): AppLogEntry[] {
  return levels.map((level, index) => ({
    id: String(index),
    level,
    data: 'x',
    context: null,
    created_at: '2026-11-21T00:00:00Z',
    time: index,
  }));
}

describe('countNewLines', () => {
  it('counts lines and errors appended after the baseline', () => {
    const buffer = entries(['error', 'info', 'error', 'fatal', 'warn']);
    expect(countNewLines(buffer, 10, 7)).toEqual({ count: 3, errors: 2 });
  });

  it('is zero at the baseline and never negative', () => {
    const buffer = entries(['error']);
    expect(countNewLines(buffer, 5, 5)).toEqual({ count: 0, errors: 0 });
    expect(countNewLines(buffer, 4, 5)).toEqual({ count: 0, errors: 0 });
  });

  it('counts only the errors still in the buffer when more arrived than it holds', () => {
    const buffer = entries(['error', 'info']);
    expect(countNewLines(buffer, 100, 0)).toEqual({ count: 100, errors: 1 });
  });
});

describe('describeNewLines', () => {
  it('names lines and errors with singular and plural', () => {
    expect(describeNewLines({ count: 1, errors: 0 })).toBe('1 new line');
    expect(describeNewLines({ count: 1200, errors: 1 })).toBe('1,200 new lines (1 error)');
    expect(describeNewLines({ count: 5, errors: 3 })).toBe('5 new lines (3 errors)');
  });
});

describe('describeLive', () => {
  it('is caught up only while following, and says what waits below when scrolled up', () => {
    expect(describeLive(null)).toBe('Live · caught up');
    expect(describeLive({ count: 0, errors: 0 })).toBe('Live · scrolled up');
    expect(describeLive({ count: 30, errors: 2 })).toBe('Live · 30 new lines (2 errors) below');
  });
});

import { describe, expect, it } from 'vitest';
import { fillDays } from './records-chart';

describe('fillDays', () => {
  it('puts the days without records in as zeros, oldest first', () => {
    expect(
      fillDays([
        { day: '2026-11-03', all: 1, some: 0, none: 2 },
        { day: '2026-11-01', all: 0, some: 1, none: 0 },
      ]),
    ).toEqual([
      { day: '2026-11-01', all: 0, some: 1, none: 0 },
      { day: '2026-11-02', all: 0, some: 0, none: 0 },
      { day: '2026-11-03', all: 1, some: 0, none: 2 },
    ]);
  });

  it('crosses month and year ends in UTC', () => {
    const days = fillDays([
      { day: '2026-12-31', all: 1, some: 0, none: 0 },
      { day: '2027-01-01', all: 1, some: 0, none: 0 },
    ]);
    expect(days.map((day) => day.day)).toEqual(['2026-12-31', '2027-01-01']);
  });

  it('answers nothing for no days', () => {
    expect(fillDays([])).toEqual([]);
  });
});

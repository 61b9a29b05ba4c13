import { describe, expect, it } from 'vitest';
import type { AlertEvent } from '../../../contract/schemas/alert';
import { alertMarks } from './alert-marks';

function event(overrides: Partial<AlertEvent>): AlertEvent {
  return {
    id: 1,
    at: '2026-11-29T10:00:02.000Z',
    from: null,
    to: 'firing',
    count: 8,
    threshold: 5,
    window_start: 600,
    window_end: 900,
    ...overrides,
  };
}

describe('alert marks on the log volume', () => {
  it('marks firing and resolved in the range, labelled with name, state and count', () => {
    const marks = alertMarks(
      [
        {
          name: 'Checkout errors',
          events: [
            event({ id: 3, from: 'firing', to: 'ok', count: 1, window_end: 1500 }),
            event({ id: 2, from: 'ok', to: 'firing', count: 12, window_end: 1200 }),
            event({ id: 1, from: null, to: 'ok', count: 0, window_end: 300 }),
          ],
        },
        {
          name: 'Slow jobs',
          events: [
            event({ from: 'ok', to: 'no_data', window_end: 1300 }),
            event({ to: 'firing', counted_since: 1100, window_end: 1100 }),
            event({ to: 'firing', window_end: 5000 }),
          ],
        },
      ],
      1000,
      2000,
    );
    expect(marks).toEqual([
      { at: 1100, kind: 'fired', label: 'Slow jobs: firing, 8 entries (partial count)' },
      { at: 1200, kind: 'fired', label: 'Checkout errors: firing, 12 entries' },
      { at: 1500, kind: 'resolved', label: 'Checkout errors: ok, 1 entry' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { minutesInWords, ruleInWords, stateOf } from './rule-words';

const base = {
  condition: { op: '>' as const, threshold: 10, window_minutes: 5 },
  every_minutes: 1,
};

describe('ruleInWords', () => {
  it('says the example of the issue', () => {
    expect(ruleInWords({ ...base, level: 'error' }, 'checkout')).toBe(
      'More than 10 error entries of checkout in 5 minutes, checked every minute',
    );
  });

  it('names every filter of the query, and fewer-than rules', () => {
    expect(
      ruleInWords(
        {
          condition: { op: '<', threshold: 1, window_minutes: 60 },
          every_minutes: 15,
          job: 'sync',
          job_match: 'prefix',
          q: 'timeout',
          where: ['status:500', 'region:eu'],
          where_not: ['user:bot'],
        },
        'Shop',
      ),
    ).toBe(
      'Fewer than 1 entry of Shop from jobs starting with “sync” matching “timeout” where ' +
        'status:500 and region:eu except user:bot in 1 hour, checked every 15 minutes',
    );
  });

  it('writes durations in hours only when whole', () => {
    expect(minutesInWords(1)).toBe('1 minute');
    expect(minutesInWords(90)).toBe('90 minutes');
    expect(minutesInWords(1440)).toBe('24 hours');
  });
});

describe('stateOf', () => {
  it('is "none" without a status (a server that does not evaluate)', () => {
    expect(stateOf(undefined)).toBe('none');
    expect(
      stateOf({
        state: 'firing',
        since: null,
        last_fired_at: null,
        last_count: 3,
        last_evaluated_at: null,
      }),
    ).toBe('firing');
  });
});

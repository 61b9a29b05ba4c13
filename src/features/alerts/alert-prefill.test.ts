import { describe, expect, it } from 'vitest';
import { hasPrefill, prefillOfSearch, valuesOfPrefill } from './alert-prefill';
import { EMPTY_ALERT_VALUES, ruleOfValues } from './alert-form-values';

describe('a new alert from a log view', () => {
  it('takes every filter of the view and names the alert after it', () => {
    const prefill = prefillOfSearch({
      app: 'checkout',
      level: 'error',
      job: 'sync',
      job_match: 'prefix',
      q: 'timeout',
      where: 'status:500',
      where_not: ['user:bot', 'region:eu'],
      range: '1h',
    });
    const values = valuesOfPrefill(prefill);
    expect(values.name).toBe('error “timeout” in checkout');
    expect(ruleOfValues(values)).toEqual({
      name: 'error “timeout” in checkout',
      app: 'checkout',
      level: 'error',
      job: 'sync',
      job_match: 'prefix',
      q: 'timeout',
      where: ['status:500'],
      where_not: ['user:bot', 'region:eu'],
      condition: { op: '>', threshold: 10, window_minutes: 5 },
      every_minutes: 1,
      no_data: 'ok',
      notify: {},
      enabled: true,
    });
  });

  it('counts every level of a view without one, and drops what does not read', () => {
    const prefill = prefillOfSearch({ app: 'shop', level: 'loud', job_match: 'fuzzy' });
    expect(prefill.level).toBeUndefined();
    const rule = ruleOfValues(valuesOfPrefill(prefill));
    expect(rule.level).toBeUndefined();
    expect(rule.job_match).toBeUndefined();
  });

  it('is a blank alert without a query in the address', () => {
    expect(hasPrefill(prefillOfSearch({}))).toBe(false);
    expect(valuesOfPrefill(prefillOfSearch({}))).toEqual(EMPTY_ALERT_VALUES);
  });
});

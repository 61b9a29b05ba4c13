import { describe, expect, it } from 'vitest';
import type { AlertWire } from '../../api/alerts';
import {
  alertChanges,
  alertFormErrors,
  EMPTY_ALERT_VALUES,
  formPathOf,
  ruleOfValues,
  valuesOfAlert,
  type AlertFormValues,
} from './alert-form-values';

const valid: AlertFormValues = { ...EMPTY_ALERT_VALUES, name: 'Errors', app: 'shop' };

function messages(values: AlertFormValues) {
  const errors = alertFormErrors(values);
  return {
    threshold: errors?.condition?.threshold?.message,
    window: errors?.condition?.window_minutes?.message,
    every: errors?.every_minutes?.message,
    webhooks: errors?.notify?.webhooks?.message,
    where: errors?.where?.message,
    name: errors?.name?.message,
  };
}

describe('the alert form’s checks (the contract’s rule schema)', () => {
  it('passes a valid rule', () => {
    expect(alertFormErrors(valid)).toBeNull();
  });

  it('puts each problem on its field: a threshold not a number, window 0, an http: webhook', () => {
    expect(
      messages({
        ...valid,
        name: ' ',
        condition: { op: '>', threshold: 'ten', window_minutes: '0' },
        every_minutes: '',
        notify: { emails: [], webhooks: 'https://ok.example/hook\nhttp://plain.example/hook' },
      }),
    ).toEqual({
      threshold: 'Must be a number',
      window: 'At least 1 minute',
      every: 'Must be a number',
      webhooks: 'Must be an https: URL',
      where: undefined,
      name: 'Name is required',
    });
  });

  it('lands a line of a list on its text box', () => {
    expect(formPathOf(['where', 3])).toBe('where');
    expect(formPathOf(['notify', 'webhooks', 1])).toBe('notify.webhooks');
    expect(formPathOf(['notify', 'emails', 0])).toBe('notify.emails');
    expect(formPathOf(['condition', 'threshold'])).toBe('condition.threshold');
  });
});

describe('values ↔ rule', () => {
  const alert: AlertWire = {
    id: 3,
    name: 'Checkout errors',
    app: 'checkout',
    level: 'error',
    job: 'pay',
    job_match: 'prefix',
    where: ['status:500'],
    condition: { op: '>', threshold: 10, window_minutes: 5 },
    every_minutes: 1,
    no_data: 'alert',
    notify: { emails: ['ed@example.com'], webhooks: ['https://hooks.example/a'] },
    enabled: true,
    version: 2,
    created_at: '2026-11-29T08:00:00Z',
    updated_at: '2026-11-29T08:00:00Z',
  };

  it('reads a saved alert back into the same rule', () => {
    const { id: _id, version: _v, created_at: _c, updated_at: _u, ...rule } = alert;
    expect(ruleOfValues(valuesOfAlert(alert))).toEqual(rule);
  });

  it('sends the whole rule when anything differs, nothing when only blanks moved', () => {
    const basis = valuesOfAlert(alert);
    expect(alertChanges(basis, { ...basis, where: 'status:500\n\n' })).toEqual({});
    const changed = alertChanges(basis, {
      ...basis,
      condition: { ...basis.condition, threshold: '20' },
    });
    expect(changed.rule?.condition.threshold).toBe(20);
    expect(changed.rule?.name).toBe('Checkout errors');
  });
});

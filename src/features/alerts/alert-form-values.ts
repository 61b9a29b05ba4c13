/**
 * The alert editor's form values ↔ the rule the service takes (issue 41). Pure. The form keeps
 * the rule's shape (so a 422's `condition.threshold` or `notify.webhooks.1` lands on its field)
 * with text where the admin types: numbers as typed, field conditions and webhooks one a line.
 */
import type { FieldError, FieldErrors, ResolverResult } from 'react-hook-form';
import { alertRuleSchema, type AlertRuleInput } from '../../../contract/schemas/alert';
import { LOG_LEVELS, type LogLevel } from '../../../contract/schemas/log-levels';
import type { AlertChanges, AlertWire } from '../../api/alerts';

export interface AlertFormValues {
  name: string;
  app: string;
  /** '' for any level. */
  level: string;
  job: string;
  job_match: 'exact' | 'prefix' | 'contains';
  q: string;
  /** `key:value` conditions, one a line. */
  where: string;
  where_not: string;
  condition: { op: '>' | '<'; threshold: string; window_minutes: string };
  every_minutes: string;
  no_data: 'ok' | 'alert';
  notify: { emails: string[]; webhooks: string };
  enabled: boolean;
}

export const EMPTY_ALERT_VALUES: AlertFormValues = {
  name: '',
  app: '',
  level: 'error',
  job: '',
  job_match: 'exact',
  q: '',
  where: '',
  where_not: '',
  condition: { op: '>', threshold: '10', window_minutes: '5' },
  every_minutes: '1',
  no_data: 'ok',
  notify: { emails: [], webhooks: '' },
  enabled: true,
};

function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A number as typed; NaN for an empty or unreadable text (the resolver says so on the field). */
function numberOf(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function isLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}

/** The rule as `POST /alerts`, `PUT /alerts/{id}` and `POST /alerts/simulate` take it. */
export function ruleOfValues(values: AlertFormValues): AlertRuleInput {
  const rule: AlertRuleInput = {
    name: values.name.trim(),
    app: values.app,
    condition: {
      op: values.condition.op,
      threshold: numberOf(values.condition.threshold),
      window_minutes: numberOf(values.condition.window_minutes),
    },
    every_minutes: numberOf(values.every_minutes),
    no_data: values.no_data,
    notify: {},
    enabled: values.enabled,
  };
  if (isLevel(values.level)) rule.level = values.level;
  const job = values.job.trim();
  if (job) {
    rule.job = job;
    if (values.job_match !== 'exact') rule.job_match = values.job_match;
  }
  if (values.q.trim()) rule.q = values.q.trim();
  const where = lines(values.where);
  if (where.length > 0) rule.where = where;
  const whereNot = lines(values.where_not);
  if (whereNot.length > 0) rule.where_not = whereNot;
  if (values.notify.emails.length > 0) rule.notify.emails = values.notify.emails;
  const webhooks = lines(values.notify.webhooks);
  if (webhooks.length > 0) rule.notify.webhooks = webhooks;
  return rule;
}

/** The form values of a saved alert. */
export function valuesOfAlert(alert: AlertWire): AlertFormValues {
  return {
    name: alert.name,
    app: alert.app,
    level: alert.level ?? '',
    job: alert.job ?? '',
    job_match: alert.job_match ?? 'exact',
    q: alert.q ?? '',
    where: (alert.where ?? []).join('\n'),
    where_not: (alert.where_not ?? []).join('\n'),
    condition: {
      op: alert.condition.op,
      threshold: String(alert.condition.threshold),
      window_minutes: String(alert.condition.window_minutes),
    },
    every_minutes: String(alert.every_minutes),
    no_data: alert.no_data,
    notify: {
      emails: alert.notify.emails ?? [],
      webhooks: (alert.notify.webhooks ?? []).join('\n'),
    },
    enabled: alert.enabled,
  };
}

/** PUT takes the whole rule: it is the change when anything differs, else nothing. */
export function alertChanges(basis: AlertFormValues, values: AlertFormValues): AlertChanges {
  const rule = ruleOfValues(values);
  return JSON.stringify(ruleOfValues(basis)) === JSON.stringify(rule) ? {} : { rule };
}

/**
 * Where an issue of the rule lands in the form: a line of a list on its text box
 * (`where.2` → `where`, `notify.webhooks.0` → `notify.webhooks`), an e-mail on the list.
 */
export function formPathOf(path: readonly PropertyKey[]): string {
  const parts = path.map(String);
  const head = parts.slice(0, 2).join('.');
  if (parts[0] === 'where' || parts[0] === 'where_not') return parts[0];
  if (head === 'notify.emails' || head === 'notify.webhooks') return head;
  return parts.join('.') || 'name';
}

const NUMBER_FIELDS = [
  ['condition.threshold', (v: AlertFormValues) => v.condition.threshold],
  ['condition.window_minutes', (v: AlertFormValues) => v.condition.window_minutes],
  ['every_minutes', (v: AlertFormValues) => v.every_minutes],
] as const;

function setError(errors: Record<string, unknown>, path: string, error: FieldError): void {
  const parts = path.split('.');
  let node = errors;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1] ?? path;
  node[last] ??= error;
}

/** The first problem of each field of the form, by the contract's rule schema; null when none. */
export function alertFormErrors(values: AlertFormValues): FieldErrors<AlertFormValues> | null {
  const errors: Record<string, unknown> = {};
  for (const [path, read] of NUMBER_FIELDS) {
    if (!Number.isFinite(numberOf(read(values)))) {
      setError(errors, path, { type: 'number', message: 'Must be a number' });
    }
  }
  const parsed = alertRuleSchema.safeParse(ruleOfValues(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      setError(errors, formPathOf(issue.path), { type: issue.code, message: issue.message });
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** react-hook-form's resolver over alertFormErrors. */
export function alertResolver(values: AlertFormValues): ResolverResult<AlertFormValues> {
  const errors = alertFormErrors(values);
  return errors ? { values: {}, errors } : { values, errors: {} };
}

/** Every path a 422 may land on (applyServerErrors takes the nearest). */
export const ALERT_ERROR_FIELDS = [
  'name',
  'app',
  'level',
  'job',
  'job_match',
  'q',
  'where',
  'where_not',
  'condition.op',
  'condition.threshold',
  'condition.window_minutes',
  'every_minutes',
  'no_data',
  'notify.emails',
  'notify.webhooks',
  'enabled',
] as const;

/**
 * An alert's rule in words, as the Alerts page lists it (issue 41): "More than 10 error entries
 * of checkout in 5 minutes, checked every minute". Pure.
 */
import type { AlertRuleInput, AlertStateName, AlertStatus } from '../../../contract/schemas/alert';

type RuleWords = Pick<
  AlertRuleInput,
  'level' | 'job' | 'job_match' | 'q' | 'where' | 'where_not' | 'condition' | 'every_minutes'
>;

/** "1 minute", "5 minutes", "1 hour", "90 minutes", "24 hours". */
export function minutesInWords(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hour' : `${String(hours)} hours`;
  }
  return minutes === 1 ? '1 minute' : `${String(minutes)} minutes`;
}

function jobWords(rule: RuleWords): string {
  if (!rule.job) return '';
  if (rule.job_match === 'prefix') return ` from jobs starting with “${rule.job}”`;
  if (rule.job_match === 'contains') return ` from jobs containing “${rule.job}”`;
  return ` from job “${rule.job}”`;
}

export function ruleInWords(rule: RuleWords, appName: string): string {
  const { op, threshold, window_minutes: window } = rule.condition;
  const comparison = op === '>' ? 'More than' : 'Fewer than';
  const level = rule.level ? `${rule.level} ` : '';
  const noun = threshold === 1 ? 'entry' : 'entries';
  const filters = [
    jobWords(rule),
    rule.q ? ` matching “${rule.q}”` : '',
    rule.where?.length ? ` where ${rule.where.join(' and ')}` : '',
    rule.where_not?.length ? ` except ${rule.where_not.join(', ')}` : '',
  ].join('');
  const every = rule.every_minutes === 1 ? 'minute' : minutesInWords(rule.every_minutes);
  return (
    `${comparison} ${String(threshold)} ${level}${noun} of ${appName}${filters} ` +
    `in ${minutesInWords(window)}, checked every ${every}`
  );
}

export const STATE_WORDS: Record<AlertStateName | 'none', string> = {
  ok: 'OK',
  firing: 'Firing',
  no_data: 'No data',
  none: 'Not evaluated',
};

/** The state the page shows: a server without evaluation sends no status. */
export function stateOf(status: AlertStatus | undefined): AlertStateName | 'none' {
  return status?.state ?? 'none';
}

// A 412 on an alert (issue 41): the shared three-way merge over the form's fields; the
// condition and the notify lists merge as wholes (a threshold without its window means little).
import type { ConflictMerge } from '../../components/resource-editor/use-resource-editor';
import { findConflicts, mergeThreeWay, type FieldEquality } from '../../lib/three-way-merge';
import type { AlertFormValues } from './alert-form-values';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const equals: FieldEquality<AlertFormValues> = { condition: sameJson, notify: sameJson };

const LABELS: Record<keyof AlertFormValues, string> = {
  name: 'Name',
  app: 'App',
  level: 'Level',
  job: 'Job',
  job_match: 'Job match',
  q: 'Search',
  where: 'Field is',
  where_not: 'Field is not',
  condition: 'Condition',
  every_minutes: 'Check every (minutes)',
  no_data: 'When the app sends nothing',
  notify: 'Notify',
  enabled: 'Enabled',
};

function shown(field: keyof AlertFormValues, value: unknown): string | null {
  if (value === undefined) return null;
  if (field === 'condition') {
    const condition = value as AlertFormValues['condition'];
    return `${condition.op} ${condition.threshold} in ${condition.window_minutes} min`;
  }
  if (field === 'notify') {
    const notify = value as AlertFormValues['notify'];
    return [...notify.emails, ...notify.webhooks.split('\n')].filter(Boolean).join('\n');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export const alertConflictMerge: ConflictMerge<AlertFormValues> = {
  conflicts: (base, theirs, yours) =>
    findConflicts(base, theirs, yours, { equals }).map((conflict) => ({
      id: conflict.field,
      label: LABELS[conflict.field],
      theirs: shown(conflict.field, conflict.theirs),
      yours: shown(conflict.field, conflict.yours),
      mono: conflict.field !== 'name',
    })),
  merge: (base, theirs, yours, choices) => mergeThreeWay(base, theirs, yours, choices, { equals }),
};

/**
 * The job filter's modes (decision 052): an exact name, or every job whose name starts with or
 * contains a text (the service's `job_match`). Pure: the options the combobox lists and the
 * words the filter bar shows.
 */
import { suggestJobs } from './job-suggestions';

export type JobMatchMode = 'prefix' | 'contains';

/** One line of the job combobox: a pattern over every job, or one job by its exact name. */
export type JobOption = { kind: JobMatchMode; text: string } | { kind: 'exact'; name: string };

/**
 * The options for `typed`: "starts with" and "contains" the text (when there is text), then the
 * known jobs that match it (suggestJobs' order and cap).
 */
export function jobOptions(known: readonly string[], typed: string): JobOption[] {
  const text = typed.trim();
  const patterns: JobOption[] =
    text === ''
      ? []
      : [
          { kind: 'prefix', text },
          { kind: 'contains', text },
        ];
  return [
    ...patterns,
    ...suggestJobs(known, text).map((name) => ({ kind: 'exact' as const, name })),
  ];
}

/** The option's words, for the list and for screen readers. */
export function jobOptionLabel(option: JobOption): string {
  if (option.kind === 'exact') return option.name;
  return `${option.kind === 'prefix' ? 'Starts with' : 'Contains'} “${option.text}”`;
}

/** A stable key per option. */
export function jobOptionKey(option: JobOption): string {
  return option.kind === 'exact' ? `=${option.name}` : `${option.kind}:${option.text}`;
}

/** What the job filter keeps, in words ("jobs starting with “sync”"), or null without a job. */
export function jobFilterWords(
  job: string | undefined,
  mode: JobMatchMode | undefined,
): string | null {
  const text = job?.trim();
  if (!text) return null;
  if (mode === 'prefix') return `jobs starting with “${text}”`;
  if (mode === 'contains') return `jobs containing “${text}”`;
  return `job “${text}” exactly`;
}

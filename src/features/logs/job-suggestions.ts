import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { logJobName } from './log-format';

/** At most this many suggestions show: a long list under a text field is not read. */
export const MAX_JOB_SUGGESTIONS = 12;

/** The jobs of the loaded entries, each once. */
export function jobsInEntries(entries: readonly AppLogEntry[]): string[] {
  const names = new Set<string>();
  for (const entry of entries) {
    const name = logJobName(entry.context);
    if (name !== null) names.add(name);
  }
  return [...names];
}

/**
 * The jobs to offer for `typed`: every known job (the app's first, then those seen in the
 * logs, each once) whose name contains the text, case-insensitively; names that start with it
 * come first. An exact match alone is no suggestion: there is nothing left to pick.
 */
export function suggestJobs(known: readonly string[], typed: string): string[] {
  const text = typed.trim().toLowerCase();
  const unique = [...new Set(known)];
  const matching = unique.filter((name) => name.toLowerCase().includes(text));
  if (matching.length === 1 && matching[0]?.toLowerCase() === text) return [];
  const starts = matching.filter((name) => name.toLowerCase().startsWith(text));
  const inside = matching.filter((name) => !name.toLowerCase().startsWith(text));
  return [...starts, ...inside].slice(0, MAX_JOB_SUGGESTIONS);
}

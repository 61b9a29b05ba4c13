/**
 * Test helper (only tests import it; it never reaches the bundle): the spec's query semantics
 * (4.2) the simulated log server answers with: the `q` search, a query's times, an entry's job.
 */
import {
  logLevelNamed,
  logLevelOperator,
  logLevelRank,
  type AppLogEntry,
} from '../../../../contract/schemas/app-log';

function searchText(entry: AppLogEntry): string {
  const data = typeof entry.data === 'string' ? entry.data : JSON.stringify(entry.data);
  return `${data} ${entry.context ? JSON.stringify(entry.context) : ''}`.toLowerCase();
}

export function parseSeconds(value: number | string): number {
  // As a server reads the query string: the number's text, or an ISO date.
  const text = String(value);
  const number = Number(text);
  return Number.isNaN(number) ? Date.parse(text) / 1000 : number;
}

export function jobOf(entry: AppLogEntry): string | undefined {
  const job = (entry.context as { job?: { name?: unknown } } | null)?.job?.name;
  return typeof job === 'string' ? job : undefined;
}

/** `q` → predicate, as spec 4.2 describes it. */
export function searchPredicate(q: string): (entry: AppLogEntry) => boolean {
  const terms: string[] = [];
  const levels: string[] = [];
  const minimums: number[] = [];
  for (const match of q.matchAll(/"([^"]*)"?|(\S+)/g)) {
    if (match[1] !== undefined) {
      if (match[1].trim()) terms.push(match[1].toLowerCase());
    } else if (match[2] !== undefined) {
      const level = logLevelOperator(match[2]);
      const named = level && logLevelNamed(level.name);
      if (level?.operator === '>=' && named) minimums.push(logLevelRank(named));
      else if (level) levels.push(level.name.toLowerCase());
      else terms.push(match[2].toLowerCase());
    }
  }
  return (entry) => {
    if (levels.some((level) => level !== entry.level)) return false;
    if (minimums.some((rank) => logLevelRank(entry.level) < rank)) return false;
    const text = searchText(entry);
    return terms.every((term) => text.includes(term));
  };
}

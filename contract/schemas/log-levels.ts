// Log levels apart from the entry schemas, and without zod: the dashboard's shell reads them in
// links (its router's search schema, in zod/mini for the bundle budget), and should load neither
// the rest of app-log.ts nor classic zod for that. The schemas are in log-level-schemas.ts.

/** Severities in ascending order; `level` filters are a minimum on this order. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal', 'unknown'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A level's place in LOG_LEVELS (debug = 0 … unknown = 5): the one rank the `level` minimum, the
 * store's `level` column and the dashboard's simulated server all compare.
 */
export function logLevelRank(level: LogLevel): number {
  return LOG_LEVELS.indexOf(level);
}

/**
 * The level a name means, in any case (`warning` for `warn`), or null for any other name. The one
 * rule for every place that reads a level: ingestion, the `level` query and `level:` in `q`, and
 * the dashboard reading entries and links.
 */
export function logLevelNamed(name: string): LogLevel | null {
  const lower = name.trim().toLowerCase();
  const wanted = lower === 'warning' ? 'warn' : lower;
  return LOG_LEVELS.find((level) => level === wanted) ?? null;
}

/** A `level` operator in a `q` search: `level:NAME` is that exact level, `level>=NAME` it and worse. */
export interface LogLevelOperator {
  operator: ':' | '>=';
  /** The name as typed (maybe not a level: the caller decides what that means). */
  name: string;
}

/** The level operator a word of `q` is (any case: `LEVEL>=Error`), or null for a plain word. */
export function logLevelOperator(word: string): LogLevelOperator | null {
  const match = /^level(:|>=)(.*)$/i.exec(word);
  if (!match) return null;
  return { operator: match[1] === ':' ? ':' : '>=', name: match[2] ?? '' };
}

/** Any casing, and anything unrecognised, becomes one of LOG_LEVELS. */
export function normalizeLogLevel(value: unknown): LogLevel {
  return (typeof value === 'string' ? logLevelNamed(value) : null) ?? 'unknown';
}

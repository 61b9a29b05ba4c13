import { z } from 'zod';

// Log levels apart from the entry schemas: the dashboard's shell reads them in links, and should
// not load the rest of app-log.ts for that.

/** Severities in ascending order; `level` filters are a minimum on this order. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal', 'unknown'] as const;
export const logLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof logLevelSchema>;

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

/** A level as a request carries it (ingestion, links): any case, aliases, then one of LOG_LEVELS. */
export const logLevelNameSchema = z.string().transform((value, context): LogLevel => {
  const level = logLevelNamed(value);
  if (level !== null) return level;
  context.addIssue({
    code: 'custom',
    message: `Must be one of ${LOG_LEVELS.join(', ')} (any case; warning for warn)`,
  });
  return z.NEVER;
});

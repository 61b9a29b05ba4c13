import { z } from 'zod';
import { LOG_LEVELS, logLevelNamed, type LogLevel } from './log-levels';

// The level schemas of the entry and view contracts, apart from log-levels.ts so that the
// dashboard's shell can read level names without loading classic zod.

export const logLevelSchema = z.enum(LOG_LEVELS);

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

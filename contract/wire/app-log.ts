// An app log entry as the dashboard accepts it from any server (spec 2.2). `id` (deduplication
// at a cursor) and `time` (the cursor itself) are required; the level comes in any case or as
// an alias (anything else is `unknown`), `data` may be text, `context` null or missing, and a
// missing `created_at` is taken from `time`. Unknown fields are kept. The result has the shape
// our service sends (`AppLogEntry`), so the viewer needs no second type.
import { z } from 'zod';
import { normalizeLogLevel, type AppLogEntry } from '../schemas/app-log';
import { toIsoDateTime, wireIdSchema, wireJsonObjectSchema } from './common';

/** `time` is a float epoch; some servers send it as text. */
const wireTimeSchema = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?(e[+-]?\d+)?$/i)
    .transform(Number),
]);

export const appLogEntryWireSchema = z
  .looseObject({
    id: wireIdSchema,
    level: z.unknown().optional().transform(normalizeLogLevel),
    data: z
      .unknown()
      .optional()
      .transform((value): AppLogEntry['data'] =>
        typeof value === 'string' ||
        (typeof value === 'object' && value !== null && !Array.isArray(value))
          ? (value as AppLogEntry['data'])
          : JSON.stringify(value ?? null),
      ),
    context: wireJsonObjectSchema,
    created_at: z.unknown().optional(),
    time: wireTimeSchema,
  })
  .transform((entry) => ({
    ...entry,
    created_at: toIsoDateTime(entry.created_at) ?? new Date(entry.time * 1000).toISOString(),
  }));
export const appLogListWireSchema = z.array(appLogEntryWireSchema);

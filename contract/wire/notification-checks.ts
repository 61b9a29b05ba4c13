// The checks of a notification (issue 39) as the dashboard accepts them from any server: a
// finding needs only a message; a check name, field, severity or place it does not know is kept
// as text (a newer service's checks show without a dashboard change). What our service sends is
// the strict schema in ../schemas/notification-checks.ts.
import * as z from 'zod/mini';
import { wireListSchema, wireTextListSchema, wireTextSchema } from './common';

const SEVERITIES = ['error', 'warning', 'info'] as const;
export type WireSeverity = (typeof SEVERITIES)[number];

function isSeverity(value: unknown): value is WireSeverity {
  return typeof value === 'string' && (SEVERITIES as readonly string[]).includes(value);
}

/** A 1-based position, or null when the server sent none that reads. */
const positionSchema = z.pipe(
  z.optional(z.unknown()),
  z.transform((value): number | null =>
    typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : null,
  ),
);

export const checkFindingWireSchema = z.pipe(
  z.looseObject({
    check: wireTextSchema,
    // An unknown severity is shown as information, never dropped.
    severity: z.pipe(
      z.optional(z.unknown()),
      z.transform((value): WireSeverity => (isSeverity(value) ? value : 'info')),
    ),
    locale: wireTextSchema,
    field: wireTextSchema,
    line: positionSchema,
    column: positionSchema,
    message: z.string(),
    clients: wireTextListSchema,
  }),
  z.transform((finding) => ({
    check: finding.check ?? 'other',
    severity: finding.severity,
    locale: finding.locale,
    field: finding.field,
    line: finding.line,
    column: finding.column,
    message: finding.message,
    clients: finding.clients,
  })),
);
export type CheckFindingWire = z.output<typeof checkFindingWireSchema>;

export const checksResultWireSchema = z.looseObject({
  locales: wireTextListSchema,
  checks: wireTextListSchema,
  findings: wireListSchema(checkFindingWireSchema),
});
export type ChecksResultWire = z.output<typeof checksResultWireSchema>;

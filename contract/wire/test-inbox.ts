// The test inbox (issue 39) as the dashboard accepts it from any server: a mail needs a numeric
// `id`; the rest may be missing (text becomes null, a verdict that does not read is "not
// available"). What our service sends is the strict schemas in ../schemas/test-inbox.ts.
import { z } from 'zod';
import { wireBooleanSchema, wireListSchema, wireTextSchema } from './common';

const finiteNumber = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));

const spamVerdictWireSchema = z
  .unknown()
  .optional()
  .transform((value) => {
    const parsed = z
      .looseObject({
        score: z.number(),
        threshold: z.number(),
        is_spam: z.boolean(),
        rules: wireListSchema(
          z.looseObject({ name: z.string(), score: z.number(), description: wireTextSchema }),
        ),
      })
      .safeParse(value);
    return parsed.success ? parsed.data : null;
  });
export type SpamVerdictWire = NonNullable<z.output<typeof spamVerdictWireSchema>>;

const summaryShape = {
  id: z.number().int(),
  notification: wireTextSchema,
  locale: wireTextSchema,
  from: wireTextSchema,
  to: wireTextSchema,
  subject: wireTextSchema,
  size: finiteNumber,
  spam: spamVerdictWireSchema,
  received_at: wireTextSchema,
};

export const testInboxSummaryWireSchema = z.looseObject(summaryShape);
export type InboxSummary = z.output<typeof testInboxSummaryWireSchema>;

export const testInboxListWireSchema = z.looseObject({
  smtp_configured: wireBooleanSchema,
  data: wireListSchema(testInboxSummaryWireSchema),
});
export type InboxList = z.output<typeof testInboxListWireSchema>;

export const testInboxMessageWireSchema = z.looseObject({
  ...summaryShape,
  text: wireTextSchema,
  html: wireTextSchema,
  headers: wireListSchema(z.looseObject({ name: z.string(), value: wireTextSchema })),
  raw: wireTextSchema,
});
export type InboxMessage = z.output<typeof testInboxMessageWireSchema>;

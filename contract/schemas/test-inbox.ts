import { z } from 'zod';

/**
 * The test inbox (issue 39, decision 063; our extension, not in the spec): without `SMTP_URL`
 * the service keeps test sends itself, the last 100 per site, each with SpamAssassin's verdict.
 */

export const TEST_INBOX_MAX_PER_SITE = 100;

export const spamRuleSchema = z.object({
  name: z.string().describe('The SpamAssassin rule, e.g. HTML_IMAGE_ONLY_16'),
  score: z.number(),
  description: z.string(),
});

export const spamVerdictSchema = z.object({
  score: z.number().describe("SpamAssassin's score"),
  threshold: z.number().describe('The score from which spamd calls a mail spam (5.0 by default)'),
  is_spam: z.boolean(),
  rules: z.array(spamRuleSchema).describe('The rules that matched, highest score first'),
});
export type SpamVerdict = z.infer<typeof spamVerdictSchema>;

export const testInboxSummarySchema = z.object({
  id: z.number().int(),
  notification: z.string().describe('The slug of the notification sent'),
  locale: z.string().nullable().describe('The translation sent; null: the default language'),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  size: z.number().int().describe('Bytes of the whole message'),
  spam: spamVerdictSchema.nullable().describe('Null: no spamd was reachable at delivery'),
  received_at: z.string(),
});
export type TestInboxSummary = z.infer<typeof testInboxSummarySchema>;

export const testInboxListSchema = z.object({
  /** Whether test sends go out through SMTP_URL instead (then nothing new arrives here). */
  smtp_configured: z.boolean(),
  data: z.array(testInboxSummarySchema).describe('Newest first'),
});
export type TestInboxList = z.infer<typeof testInboxListSchema>;

export const testInboxHeaderSchema = z.object({ name: z.string(), value: z.string() });

export const testInboxMessageSchema = testInboxSummarySchema.extend({
  text: z.string(),
  html: z.string().nullable().describe('Null: a text-only mail'),
  headers: z.array(testInboxHeaderSchema).describe('The top-level headers, in order, unfolded'),
  raw: z.string().describe('The whole message as sent'),
});
export type TestInboxMessage = z.infer<typeof testInboxMessageSchema>;

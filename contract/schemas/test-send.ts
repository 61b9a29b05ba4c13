import { z } from 'zod';
import { TEMPLATE_MAX_LENGTH } from './notification';

/**
 * Test sends (our extension, not in the spec): a template as it is being edited, rendered with a
 * sample and mailed through the service's SMTP server to the signed-in admin.
 */

/** `GET /test-send`: whether the service can send, and to whom. */
export const testSendSettingsSchema = z.object({
  configured: z.boolean().describe('Whether SMTP_URL is set'),
  to: z.string().describe("The signed-in user's address, where test sends go"),
  how_to_configure: z.string().describe('What an operator sets to turn test sends on'),
});
export type TestSendSettings = z.infer<typeof testSendSettingsSchema>;

/**
 * `POST /notifications/{slug}/test-send`: the template as edited and the sample it renders; the
 * fields not sent are the saved ones of `locale` (its translation, or the default's).
 */
export const testSendRequestSchema = z
  .object({
    // Each absent one is the saved one of `locale` (issue 28): a saved translation can be sent
    // without sending it back.
    subject: z.string().min(1, 'Subject is required').max(500, 'At most 500 characters').optional(),
    text: z.string().max(TEMPLATE_MAX_LENGTH).optional(),
    html: z.string().max(TEMPLATE_MAX_LENGTH).optional(),
    html_enabled: z.boolean().optional(),
    data: z.record(z.string(), z.unknown()).describe('The sample data the template renders'),
    locale: z
      .string()
      .max(35)
      .optional()
      .describe(
        "The language whose subject, text and html these are (issue 28): one of the site's; " +
          'a non-default one must have a saved translation. Default: the default language',
      ),
  })
  .strict();
export type TestSendRequest = z.infer<typeof testSendRequestSchema>;

/** What a test send renders: the request with its absent fields filled from the saved ones. */
export type TestSendTemplate = Required<Omit<TestSendRequest, 'locale'>>;

export const testSendResultSchema = z.object({
  to: z.string(),
  subject: z.string().describe('The rendered subject'),
  message_id: z.string().describe("The mail's Message-ID"),
});
export type TestSendResult = z.infer<typeof testSendResultSchema>;

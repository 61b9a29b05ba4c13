import { z } from 'zod';

/** One offending field of a failed request (spec 2.7). */
export const errorDetailSchema = z.object({
  resource: z.string(),
  field: z.string(),
  message: z.string(),
  code: z.string(),
  messages: z.array(z.string()),
  codes: z.array(z.string()),
  value: z.unknown(),
});
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

/** The Error body every failing route answers with; `code` equals the HTTP status. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.number().int(),
  errors: z.array(errorDetailSchema),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

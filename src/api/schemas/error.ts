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

/**
 * What the client accepts from any server: every detail field may be missing,
 * so that a terse server still yields field errors.
 */
export const errorBodyWireSchema = z.looseObject({
  message: z.string().catch('Request failed'),
  code: z.number().int().optional(),
  errors: z
    .array(
      z.looseObject({
        resource: z.string().optional(),
        field: z.string().optional(),
        message: z.string().optional(),
        code: z.string().optional(),
        messages: z.array(z.string()).optional(),
        codes: z.array(z.string()).optional(),
        value: z.unknown().optional(),
      }),
    )
    .catch([]),
});

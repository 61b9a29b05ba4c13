import { z } from 'zod';
import { dateTimeSchema, textSchema } from './common';

/**
 * A notification template as our service sends it (spec 2.6, every field present): the OpenAPI
 * document and the API tests use it. What the dashboard accepts is ../wire/notification.ts.
 */
export const notificationSchema = z.object({
  id: z.string(),
  url: z.string(),
  created_at: dateTimeSchema,
  updated_at: dateTimeSchema,
  slug: z.string(),
  html_enabled: z.boolean(),
  description: z.string(),
  name: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.array(notificationSchema);

export const TEMPLATE_MAX_LENGTH = 200_000;

/** Fields `PUT /notifications/{slug}` writes. Liquid syntax is checked on top of this. */
export const notificationWritableFieldsSchema = z.object({
  name: textSchema().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  description: textSchema().max(1000, 'At most 1000 characters'),
  subject: textSchema()
    .min(1, 'Subject is required')
    .max(500, 'At most 500 characters')
    .refine((value) => !/[\r\n]/.test(value), 'The subject is a single line'),
  text: textSchema().max(TEMPLATE_MAX_LENGTH),
  html: textSchema().max(TEMPLATE_MAX_LENGTH),
  html_enabled: z.boolean(),
});
export type NotificationWritableFields = z.infer<typeof notificationWritableFieldsSchema>;

/** Request body of `PUT /notifications/{slug}`: absent fields are left as they are. */
export const notificationUpdateSchema = notificationWritableFieldsSchema.partial();
export type NotificationUpdate = z.infer<typeof notificationUpdateSchema>;

/** Fields whose content is a Liquid template. */
export const LIQUID_FIELDS = ['subject', 'text', 'html'] as const;
export type LiquidField = (typeof LIQUID_FIELDS)[number];

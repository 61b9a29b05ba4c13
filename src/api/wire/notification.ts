// A notification template as the dashboard accepts it from any server (spec 2.6). It needs a
// `slug` or an `id` (either one names it in `PUT /notifications/{slug or id}`); every other field
// may be missing, null or oddly typed and comes out as null; unknown fields are kept. What our
// service sends is the strict `notificationSchema` in ../schemas/notification.ts.
import { z } from 'zod';
import { wireBooleanSchema, wireDateTimeSchema, wireTextSchema } from './common';

/** An identifier that may be missing: text or a number, and never empty. */
const optionalIdSchema = wireTextSchema.transform((value) => (value === '' ? null : value));

export const notificationWireSchema = z
  .looseObject({
    id: optionalIdSchema,
    slug: optionalIdSchema,
    url: wireTextSchema,
    created_at: wireDateTimeSchema,
    updated_at: wireDateTimeSchema,
    html_enabled: wireBooleanSchema,
    description: wireTextSchema,
    name: wireTextSchema,
    subject: wireTextSchema,
    text: wireTextSchema,
    html: wireTextSchema,
  })
  .refine((notification) => notification.slug !== null || notification.id !== null, {
    message: 'A notification needs a slug or an id',
    path: ['slug'],
  });
export const notificationListWireSchema = z.array(notificationWireSchema);

/** A notification as the dashboard holds it. */
export type Notification = z.output<typeof notificationWireSchema>;

/** What names the notification in paths, links and caches: its slug, else its id. */
export function notificationRef(notification: Pick<Notification, 'slug' | 'id'>): string {
  // The wire schema guarantees one of the two.
  return notification.slug ?? notification.id ?? '';
}

// A notification template as the dashboard accepts it from any server (spec 2.6). It needs a
// `slug` or an `id` (either one names it in `PUT /notifications/{slug or id}`); every other field
// may be missing, null or oddly typed and comes out as null; unknown fields are kept. What our
// service sends is the strict `notificationSchema` in ../schemas/notification.ts.
import { z } from 'zod';
import { wireBooleanSchema, wireDateTimeSchema, wireTextSchema } from './common';

/** The default's content a translation was based on; null when the server does not say. */
const translationBasisWireSchema = z.looseObject({
  subject: wireTextSchema,
  text: wireTextSchema,
  html: wireTextSchema,
});

/** One translation (issue 28): missing texts are empty; `outdated` null when not said. */
export const notificationTranslationWireSchema = z.looseObject({
  subject: z.pipe(
    wireTextSchema,
    z.transform((value) => value ?? ''),
  ),
  text: z.pipe(
    wireTextSchema,
    z.transform((value) => value ?? ''),
  ),
  html: z.pipe(
    wireTextSchema,
    z.transform((value) => value ?? ''),
  ),
  updated_at: wireDateTimeSchema,
  outdated: wireBooleanSchema,
  based_on: z
    .unknown()
    .optional()
    .transform((value) => {
      const parsed = translationBasisWireSchema.safeParse(value);
      return parsed.success ? parsed.data : null;
    }),
});
export type NotificationTranslation = z.output<typeof notificationTranslationWireSchema>;

/**
 * `translations`: null when it is not an object; entries that are not objects are left out. On
 * the notification the key is optional (undefined when the server sends none): either way the
 * server does not know languages and the dashboard edits the default only, as before.
 */
export const notificationTranslationsWireSchema = z
  .unknown()
  .optional()
  .transform((value): Record<string, NotificationTranslation> | null => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    const out: Record<string, NotificationTranslation> = {};
    for (const [locale, entry] of Object.entries(value)) {
      const parsed = notificationTranslationWireSchema.safeParse(entry);
      if (parsed.success) out[locale] = parsed.data;
    }
    return out;
  });

/** An identifier that may be missing: text or a number, and never empty. */
const optionalIdSchema = z.pipe(
  wireTextSchema,
  z.transform((value) => (value === '' ? null : value)),
);

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
    // Issue 38: the layout's slug; a server without layouts sends none (null).
    layout: z.string().nullable().catch(null),
    translations: notificationTranslationsWireSchema.optional(),
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

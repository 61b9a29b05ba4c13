import { z } from 'zod';

/** ISO 8601 date-time as the service emits it (always UTC with `Z`). Clients accept any offset. */
export const dateTimeSchema = z.iso.datetime({ offset: true });

/** Free-form JSON object (`object` in the spec). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());

/**
 * Text the service stores or looks up never holds U+0000: PostgreSQL text cannot, and SQLite
 * would keep what PostgreSQL refuses (decision 020). Log data and context are JSON, where it is
 * the escape `\u0000`, and keep it.
 */
export const NUL_MESSAGE = 'Must not contain the NUL character (U+0000)';
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/** Any text but U+0000 (see NUL_MESSAGE). */
export const textSchema = () => z.string().refine(hasNoNul, NUL_MESSAGE);

/** Absolute http(s) URL. */
export const httpUrlSchema = textSchema()
  .trim()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Must be an absolute http(s) URL');

/** A locale such as `en`, `nl` or `pt-BR`. */
export const localeSchema = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'Must be a language code such as en, nl or pt-BR');

/** Localized text: locale → text (`object (localized text)` in the spec). */
export const localizedTextSchema = z.record(z.string(), z.string());
export type LocalizedText = z.infer<typeof localizedTextSchema>;

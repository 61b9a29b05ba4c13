// A react-hook-form resolver that checks only the fields the admin changed. A value as the server
// sent it (another server may leave a field empty or use its own format) is not the admin's to
// fix and is not sent back, so it never blocks saving another field.
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function changedFieldsResolver<V extends FieldValues>(
  /** The form's rules with every field optional (`schema.partial()`). */
  schema: z.ZodType<Partial<V>>,
  /** The fields that will be sent for these values. */
  changed: (values: V) => ReadonlyArray<keyof V & string>,
): Resolver<V> {
  return (values) => {
    const result = schema.safeParse(
      Object.fromEntries(changed(values).map((field) => [field, values[field]])),
    );
    // Changed fields come back as the schema normalises them (trimmed, lower-case domain).
    if (result.success) return { values: { ...values, ...result.data }, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      errors[String(issue.path[0] ?? 'root')] ??= { type: issue.code, message: issue.message };
    }
    // Keys are the schema's field names (the first segment of each issue path): FieldErrors' keys.
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

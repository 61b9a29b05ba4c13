// Puts a failed write's field errors where the user looks: on the fields.
//   try { await mutation.mutateAsync(values) } catch (error) {
//     const { formMessage } = applyServerErrors(error, form.setError, ['name', 'url', 'install_scopes']);
//     setFormMessage(formMessage);   // shown above the form (role="alert"); undefined when all landed
//   }
// Each `errors[].field` goes to the exact known field, or to its nearest known parent for dotted or
// indexed paths (`privacy_policy_url.nl` → `privacy_policy_url`, `routes[2].path` → `routes`). The
// first field that got an error is focused. Everything that matches no field, and any non-field
// failure (network, 403, 5xx), becomes the form-level message. 412 conflicts are left to the page.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/client';

/** Splits `a.b[2].c` into ['a', 'b', '2', 'c']. */
export function splitFieldPath(field: string): string[] {
  return field
    .replace(/\[(\w+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '');
}

/** The longest known field that is `field` itself or one of its parents; null when none. */
export function nearestKnownField(field: string, knownFields: readonly string[]): string | null {
  const known = new Set(knownFields);
  const parts = splitFieldPath(field);
  for (let length = parts.length; length > 0; length -= 1) {
    const candidate = parts.slice(0, length).join('.');
    if (known.has(candidate)) return candidate;
  }
  return null;
}

export interface AppliedServerErrors {
  /** Text for the form-level alert; undefined when every error landed on a field. */
  formMessage?: string;
  /** Fields that received an error, in the order of the response. */
  fields: string[];
}

export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[] | readonly string[],
): AppliedServerErrors {
  if (!isApiError(error)) {
    return {
      formMessage: error instanceof Error ? error.message : 'Something went wrong',
      fields: [],
    };
  }
  const messages = new Map<string, string[]>();
  const leftovers: string[] = [];
  for (const detail of error.fieldErrors) {
    const target = detail.field ? nearestKnownField(detail.field, knownFields) : null;
    const text = detail.message || detail.messages[0] || 'Invalid value';
    if (!target) {
      leftovers.push(detail.field ? `${detail.field}: ${text}` : text);
      continue;
    }
    // A parent that collects several child errors names which child each one is about.
    const shown =
      target === detail.field
        ? text
        : `${detail.field.slice(target.length).replace(/^\./, '')}: ${text}`;
    messages.set(target, [...(messages.get(target) ?? []), shown]);
  }

  const fields = [...messages.keys()];
  fields.forEach((field, index) => {
    setError(
      field as Path<T>,
      { type: 'server', message: (messages.get(field) ?? []).join(' · ') },
      { shouldFocus: index === 0 },
    );
  });

  let formMessage: string | undefined;
  if (leftovers.length > 0) {
    formMessage =
      fields.length > 0 ? leftovers.join(' · ') : `${error.message}: ${leftovers.join(' · ')}`;
  } else if (fields.length === 0) {
    formMessage = error.message;
  }
  return { formMessage, fields };
}

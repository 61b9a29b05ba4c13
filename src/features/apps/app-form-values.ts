import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { APP_WRITABLE_FIELDS, appWritableFieldsSchema } from '../../../contract/schemas/app';
import type { App, AppChanges } from '../../../contract/wire/app';
import { sameScopeSet } from '../../../contract/app-callback';
import { changedFieldsResolver } from '../../lib/changed-fields-resolver';

/**
 * The edit form's rules: the contract's writable fields, except that install scopes outside the
 * catalogue are allowed. Another server may send such a scope; the form shows it as a chip and
 * sends it back as it came instead of refusing to save.
 */
const appFormSchema = appWritableFieldsSchema.extend({ install_scopes: z.array(z.string()) });

/** What the edit form holds: exactly the fields `PATCH /apps/{key}` writes. */
export type AppFormValues = z.infer<typeof appFormSchema>;
export type AppFormField = keyof AppFormValues;

/** Labels shared by the form, the conflict dialog and error messages. */
export const APP_FIELD_LABELS: Record<AppFormField, string> = {
  name: 'Name',
  url: 'URL',
  domain: 'Domain',
  callback_url: 'Callback URL',
  internal: 'Internal app',
  install_scopes: 'Install scopes',
  sdk_version: 'SDK version',
};

/** The form's values for an app; what the server did not send starts empty (or off). */
export function appToFormValues(app: App): AppFormValues {
  return {
    name: app.name ?? '',
    url: app.url ?? '',
    domain: app.domain ?? '',
    callback_url: app.callback_url ?? '',
    internal: app.internal ?? false,
    install_scopes: [...app.install_scopes],
    sdk_version: app.sdk_version ?? '',
  };
}

/** Whether one field holds the same value in both; scope lists compare as sets. */
export function sameFieldValue<F extends AppFormField>(
  field: F,
  a: AppFormValues[F],
  b: AppFormValues[F],
): boolean {
  if (field === 'install_scopes') {
    return sameScopeSet(a as readonly string[], b as readonly string[]);
  }
  return a === b;
}

/** The fields to send: those that differ from what was loaded, except an internal app's callback. */
function fieldsToSend(initial: AppFormValues, current: AppFormValues): AppFormField[] {
  return APP_WRITABLE_FIELDS.filter(
    (field) =>
      // An internal app's callback URL is derived by the service, so it is never sent.
      !(field === 'callback_url' && current.internal) &&
      !sameFieldValue(field, initial[field], current[field]),
  );
}

/**
 * The partial update to send: only the fields that differ from what was loaded, so a field the
 * server never sent is not sent back unless the admin filled it in.
 */
export function changedFields(initial: AppFormValues, current: AppFormValues): AppChanges {
  const update: Record<string, unknown> = {};
  for (const field of fieldsToSend(initial, current)) {
    update[field] = field === 'install_scopes' ? [...new Set(current[field])] : current[field];
  }
  return update;
}

/** The form's resolver: only the fields that will be sent are checked. */
export function appFormResolver(initial: AppFormValues): Resolver<AppFormValues> {
  return changedFieldsResolver(appFormSchema.partial(), (values) => fieldsToSend(initial, values));
}

import type { App, AppUpdate, AppWritableFields } from '../../api/schemas/app';
import { APP_WRITABLE_FIELDS } from '../../api/schemas/app';
import { sameScopeSet } from '../../api/app-callback';

/** What the edit form holds: exactly the fields `PATCH /apps/{key}` writes. */
export type AppFormValues = AppWritableFields;
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

export function appToFormValues(app: App): AppFormValues {
  return {
    name: app.name,
    url: app.url,
    domain: app.domain,
    callback_url: app.callback_url,
    internal: app.internal,
    // The contract types scopes as catalogue values; a foreign server may send others, which the
    // form then flags instead of silently dropping them.
    install_scopes: [...app.install_scopes] as AppFormValues['install_scopes'],
    sdk_version: app.sdk_version,
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

/**
 * The partial update to send: only the fields that differ from what was loaded. An internal
 * app's callback URL is derived by the service, so it is never sent while the app is internal.
 */
export function changedFields(initial: AppFormValues, current: AppFormValues): AppUpdate {
  const update: Record<string, unknown> = {};
  for (const field of APP_WRITABLE_FIELDS) {
    if (field === 'callback_url' && current.internal) continue;
    if (!sameFieldValue(field, initial[field], current[field])) {
      update[field] = field === 'install_scopes' ? [...new Set(current[field])] : current[field];
    }
  }
  return update as AppUpdate;
}

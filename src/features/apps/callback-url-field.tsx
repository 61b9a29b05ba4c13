// Callback URL: typed for an external app; for an internal app a read-only preview of the URL
// the service will derive, following the domain and scopes as they are edited.
import type { Ref } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Textarea } from '../../components/ui/textarea';
import { APP_FIELD_LABELS, type AppFormValues } from './app-form-values';
import { previewCallbackUrl } from './callback-preview';

export function CallbackUrlField({
  appKey,
  savedDomain,
  values,
  error,
  register,
  previewRef,
}: {
  appKey: string;
  savedDomain: string | null;
  values: AppFormValues;
  error?: string;
  register: UseFormRegister<AppFormValues>;
  /** The read-only preview, so a server error on `callback_url` can move focus to it. */
  previewRef?: Ref<HTMLTextAreaElement>;
}) {
  if (!values.internal) {
    return (
      <Field label={APP_FIELD_LABELS.callback_url} error={error}>
        {(props) => <Input {...props} type="url" inputMode="url" {...register('callback_url')} />}
      </Field>
    );
  }
  const preview = previewCallbackUrl({ key: appKey, domain: savedDomain }, values);
  return (
    <Field
      label={APP_FIELD_LABELS.callback_url}
      error={error}
      hint={
        <>
          Set by the service for internal apps:{' '}
          <code>
            https://{'{domain}'}/oauth/{appKey}/callback
          </code>{' '}
          with the install scopes, so it changes as you change the scopes.
        </>
      }
    >
      {(props) => (
        // A textarea so the whole URL wraps into view; it is read-only, not disabled, so it
        // can still be focused, read and copied.
        <Textarea
          {...props}
          ref={previewRef}
          readOnly
          rows={2}
          value={preview.url}
          className="bg-subtle text-fg [field-sizing:content] resize-none font-mono text-xs break-all"
        />
      )}
    </Field>
  );
}

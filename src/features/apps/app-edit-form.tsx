// The settings form of one app: the fields the service writes. Behaviour lives in useAppEditor;
// this file is the markup.
import { saveStatus } from '../../components/resource-editor/save-status';
import { ReadOnlyFields, useReadOnlyReason } from '../../components/resource-editor/read-only';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { ApiResponse } from '../../api/client';
import type { App } from '../../../contract/wire/app';
import { ConflictDialog } from '../../components/resource-editor/conflict-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../components/ui/card';
import { Field, FieldError } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { APP_FIELD_LABELS } from './app-form-values';
import { CallbackUrlField } from './callback-url-field';
import { valueAfterHostnamePaste } from './pasted-hostname';
import { ScopePicker } from './scope-picker';
import { useAppEditor } from './use-app-editor';

export function AppEditForm({ loaded }: { loaded: ApiResponse<App> }) {
  const editor = useAppEditor(loaded);
  const readOnly = useReadOnlyReason('app');
  const { form, values, dirty, saving } = editor;
  const { register, control, formState } = form;
  const errors = formState.errors;
  const headingId = useId();
  const scopesLabelId = useId();
  const scopesErrorId = useId();
  const internalHintId = useId();

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title="Settings"
        description="What the service stores for this app. Only the fields you change are sent."
      />
      <form noValidate onSubmit={(event) => void editor.submit(event)} aria-labelledby={headingId}>
        <ReadOnlyFields reason={readOnly}>
          <CardBody className="flex flex-col gap-5">
            <FormAlert message={editor.formMessage} onRetry={editor.retry} />
            <div className="grid grid-cols-1 gap-5 md:grid-cols-2">
              <Field label={APP_FIELD_LABELS.name} error={errors.name?.message}>
                {(props) => <Input {...props} autoComplete="off" {...register('name')} />}
              </Field>
              <Field
                label={APP_FIELD_LABELS.sdk_version}
                error={errors.sdk_version?.message}
                hint="e.g. 2.4.1"
              >
                {(props) => (
                  <Input
                    {...props}
                    className="font-mono"
                    autoComplete="off"
                    {...register('sdk_version')}
                  />
                )}
              </Field>
              <Field label={APP_FIELD_LABELS.url} error={errors.url?.message}>
                {(props) => <Input {...props} type="url" inputMode="url" {...register('url')} />}
              </Field>
              <Field
                label={APP_FIELD_LABELS.domain}
                error={errors.domain?.message}
                hint="Hostname only, e.g. shop.example.com (a pasted address is cut to its hostname)"
              >
                {(props) => (
                  <Input
                    {...props}
                    autoComplete="off"
                    spellCheck={false}
                    {...register('domain')}
                    onPaste={(event) => {
                      const next = valueAfterHostnamePaste(event);
                      if (next !== null) form.setValue('domain', next, { shouldDirty: true });
                    }}
                  />
                )}
              </Field>
            </div>

            <div className="flex items-start gap-3">
              <input
                id={`${headingId}-internal`}
                type="checkbox"
                className="accent-accent mt-0.5 size-4"
                aria-describedby={internalHintId}
                {...register('internal')}
              />
              <div>
                <label htmlFor={`${headingId}-internal`} className="text-sm font-medium">
                  {APP_FIELD_LABELS.internal}
                </label>
                <p id={internalHintId} className="text-muted text-xs">
                  Internal apps belong to the site; the service derives their callback URL.
                </p>
                {errors.internal?.message && <FieldError>{errors.internal.message}</FieldError>}
              </div>
            </div>

            <div className="flex flex-col gap-1.5">
              <span id={scopesLabelId} className="text-fg text-sm font-medium">
                {APP_FIELD_LABELS.install_scopes}
              </span>
              <Controller
                control={control}
                name="install_scopes"
                render={({ field, fieldState }) => (
                  <ScopePicker
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    labelId={scopesLabelId}
                    invalid={!!fieldState.error}
                    describedBy={fieldState.error ? scopesErrorId : undefined}
                  />
                )}
              />
              {errors.install_scopes && (
                <FieldError id={scopesErrorId}>
                  {errors.install_scopes.message ?? scopeItemError(errors.install_scopes)}
                </FieldError>
              )}
            </div>

            <CallbackUrlField
              appKey={loaded.data.key}
              savedDomain={editor.basis.response.data.domain}
              values={values}
              error={errors.callback_url?.message}
              register={register}
              previewRef={editor.callbackPreview}
            />
          </CardBody>
          {/* Sticky only with something to save (a phone has no room for it otherwise); solid
            backing so the bar never shows the fields scrolling under it. */}
          <div
            className={cn('bg-surface z-10 rounded-b-lg', (dirty || saving) && 'sticky bottom-0')}
          >
            <CardFooter className="justify-between">
              <p className="text-muted min-w-0 text-xs" aria-live="polite">
                {saveStatus(
                  { saving, dirty, changedElsewhere: editor.changedElsewhere },
                  'Unsaved changes',
                )}
                <span className="hidden sm:inline"> · Ctrl+S saves</span>
              </p>
              <div className="flex gap-2">
                <Button onClick={editor.discard} disabled={!dirty || saving}>
                  Discard
                </Button>
                <Button type="submit" variant="primary" loading={saving} disabled={!dirty}>
                  {saving ? 'Saving…' : 'Save changes'}
                </Button>
              </div>
            </CardFooter>
          </div>
        </ReadOnlyFields>
      </form>
      <ConflictDialog {...editor.conflictDialog} />
    </Card>
  );
}

/** A per-item error (`install_scopes.2`) when the list itself has none. */
function scopeItemError(error: unknown): string {
  if (Array.isArray(error)) {
    const first: unknown = error.find(
      (item: unknown) => item !== null && typeof item === 'object' && 'message' in item,
    );
    if (first !== null && typeof first === 'object' && 'message' in first) {
      return String(first.message);
    }
  }
  return 'Check the scopes';
}

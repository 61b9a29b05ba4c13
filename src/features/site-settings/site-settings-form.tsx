// The editable Site settings: name and languages, saved together through the resource editor.
// Removing a language that templates are translated into asks first, naming those templates.
import { saveStatus } from '../../components/resource-editor/save-status';
import { ReadOnlyFields, useReadOnlyReason } from '../../components/resource-editor/read-only';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import type { ApiResponse } from '../../api/client';
import { notificationsQueryOptions } from '../../api/notifications';
import type { SiteSettings } from '../../../contract/wire/site-settings';
import { ConflictDialog } from '../../components/resource-editor/conflict-dialog';
import { Button } from '../../components/ui/button';
import { Card, CardBody, CardFooter, CardHeader } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { FormAlert } from '../../components/ui/form-alert';
import { Input } from '../../components/ui/input';
import { languageName, moveItem, templatesTranslatedInto } from './language-list';
import { LanguagePicker } from './language-picker';
import { LanguageRows } from './language-rows';
import { useSiteSettingsForm } from './use-site-settings-form';

/** Language names are shown in the admin's own language. */
const displayLocale = typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';

export function SiteSettingsForm({ loaded }: { loaded: ApiResponse<SiteSettings> }) {
  const controller = useSiteSettingsForm(loaded);
  const readOnly = useReadOnlyReason('site_settings');
  const { form, submit, saving, formMessage, discard, dirty, changedElsewhere } = controller;
  const { register, control, formState, setValue } = form;
  const locales = useWatch({ control, name: 'locales' });
  const defaultLocale = useWatch({ control, name: 'default_locale' });
  // The templates' translations say what a removal would delete (absent on foreign servers).
  const notifications = useQuery(notificationsQueryOptions());
  const [removing, setRemoving] = useState<{ tag: string; templates: string[] } | null>(null);

  const edit = { shouldDirty: true, shouldValidate: formState.isSubmitted } as const;
  const setLocales = (next: string[]) => setValue('locales', next, edit);
  const remove = (tag: string) => setLocales(locales.filter((other) => other !== tag));
  const askRemove = (tag: string) => {
    const templates = templatesTranslatedInto(notifications.data ?? [], tag);
    if (templates.length === 0) remove(tag);
    else setRemoving({ tag, templates });
  };

  return (
    <Card aria-labelledby="site-settings-heading">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="site-settings-heading"
      >
        <ReadOnlyFields reason={readOnly}>
          <CardHeader
            id="site-settings-heading"
            title="Name and languages"
            description="The languages every notification can be translated into."
          />
          <CardBody className="flex flex-col gap-5">
            <FormAlert message={formMessage} onRetry={controller.retry} />
            <Field label="Name" error={formState.errors.name?.message} className="max-w-md">
              {(props) => <Input {...props} {...register('name')} autoComplete="off" />}
            </Field>
            <LanguageRows
              locales={locales}
              defaultLocale={defaultLocale}
              displayLocale={displayLocale}
              errors={formState.errors}
              onMakeDefault={(tag) => setValue('default_locale', tag, edit)}
              onMove={(index, delta) => setLocales(moveItem(locales, index, delta))}
              onRemove={askRemove}
            />
            <LanguagePicker
              existing={locales}
              displayLocale={displayLocale}
              onAdd={(tag) => setLocales([...locales, tag])}
            />
          </CardBody>
          <CardFooter>
            <span className="text-muted mr-auto min-w-0 text-xs" aria-live="polite">
              {saveStatus({ dirty, changedElsewhere })}
            </span>
            <Button onClick={discard} disabled={!dirty || saving}>
              Discard
            </Button>
            <Button type="submit" variant="primary" loading={saving} disabled={!dirty}>
              Save
            </Button>
          </CardFooter>
        </ReadOnlyFields>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing ? languageName(removing.tag, displayLocale) : ''}?`}
        description={
          removing && (
            <>
              Saving deletes the {languageName(removing.tag, displayLocale)} translation of:{' '}
              <strong>{removing.templates.join(', ')}</strong>.
            </>
          )
        }
        confirmLabel="Remove"
        tone="danger"
        onConfirm={() => {
          if (removing) remove(removing.tag);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      <ConflictDialog {...controller.conflictDialog} />
    </Card>
  );
}

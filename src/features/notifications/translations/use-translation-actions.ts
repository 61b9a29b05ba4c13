// Starting and removing a translation in the editor's form (issue 28, decision 046). Both are
// unsaved edits like any other: the review shows them, the save sends them, a revert undoes them.
import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { DocumentField } from '../editor/use-notification-editor';
import type { NotificationFormValues, TranslationFields } from './translation-fields';

export function useTranslationActions(options: {
  form: UseFormReturn<NotificationFormValues>;
  shown: string | null;
  setDocument: (field: DocumentField, value: string, userEvent: string) => void;
}) {
  const { form, shown, setDocument } = options;
  // The default's bodies wait until the new translation's code editors are mounted, then go in
  // as one command each: one undo step takes the copy back out.
  // (A ref: the form's own change renders the fields, and this runs after they mounted.)
  const pending = useRef<{ locale: string; texts: TranslationFields } | null>(null);
  useEffect(() => {
    const waiting = pending.current;
    if (!waiting || waiting.locale !== shown) return;
    pending.current = null;
    setDocument('html', waiting.texts.html, 'start.default');
    setDocument('text', waiting.texts.text, 'start.default');
  });

  function start(locale: string, fromDefault: boolean) {
    const values = form.getValues();
    form.setValue(
      `translations.${locale}`,
      { subject: fromDefault ? values.subject : '', text: '', html: '' },
      { shouldDirty: true },
    );
    if (fromDefault) {
      pending.current = {
        locale,
        texts: { subject: values.subject, text: values.text, html: values.html },
      };
    }
  }

  function remove(locale: string) {
    const { [locale]: _removed, ...rest } = form.getValues('translations');
    form.setValue('translations', rest, { shouldDirty: true });
  }

  return { start, remove };
}

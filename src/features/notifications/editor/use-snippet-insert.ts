// Inserting a variable from the panel where the admin was writing: at the subject's cursor, or
// into the text or HTML code editor (the HTML one when no field was focused and HTML is on).
import { useCallback, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { LiquidField } from '../../../../contract/schemas/notification';
import type { CodeEditorHandle } from './code-editor';
import { localeFieldPath, type NotificationFormValues } from '../translations/translation-fields';

export function useSnippetInsert(
  form: UseFormReturn<NotificationFormValues>,
  htmlEnabled: boolean,
  /** The shown translation (null: the default): the subject a variable goes into. */
  locale: string | null,
  documents: {
    htmlRef: RefObject<CodeEditorHandle | null>;
    textRef: RefObject<CodeEditorHandle | null>;
  },
) {
  const { htmlRef, textRef } = documents;
  const subjectRef = useRef<HTMLInputElement | null>(null);
  const [target, setTarget] = useState<LiquidField | null>(null);
  const { getValues, setValue } = form;

  const insert = useCallback(
    (snippet: string) => {
      const field = target ?? (htmlEnabled ? 'html' : 'text');
      if (field === 'subject') {
        const input = subjectRef.current;
        const path = localeFieldPath(locale, 'subject');
        const current = getValues(path);
        const start = input?.selectionStart ?? current.length;
        const end = input?.selectionEnd ?? start;
        setValue(path, current.slice(0, start) + snippet + current.slice(end), {
          shouldDirty: true,
        });
        requestAnimationFrame(() => {
          input?.focus();
          input?.setSelectionRange(start + snippet.length, start + snippet.length);
        });
      } else {
        (field === 'html' ? htmlRef : textRef).current?.insert(snippet);
      }
    },
    [target, htmlEnabled, locale, getValues, setValue, htmlRef, textRef],
  );

  return { subjectRef, textRef, htmlRef, target, setTarget, insert };
}

// The notification template wired into the one resource editor: every save is reviewed as a
// diff first (a merge after a 412 too), a newer version saved elsewhere is offered rather than
// taken, Liquid that does not parse blocks the save, and unsaved edits live on as a draft.
import { useEffect, useRef, useState } from 'react';
import type { ApiResponse } from '../../../api/client';
import { notificationResource } from '../../../api/notifications';
import { LIQUID_FIELDS } from '../../../../contract/schemas/notification';
import { notificationRef, type Notification } from '../../../../contract/wire/notification';
import {
  useResourceEditor,
  type ResetReason,
  type SaveBlocker,
} from '../../../components/resource-editor/use-resource-editor';
import type { CodeEditorHandle } from './code-editor';
import { currentSite } from '../current-site';
import { notificationConflictMerge } from './notification-conflict';
import {
  changedFields,
  FIELD_NAMES,
  notificationFormValues,
  notificationResolver,
  updateOf,
  WRITABLE_FIELDS,
} from './notification-fields';
import { syntaxErrors } from './render-template';
import {
  editedLocales,
  localeFieldPath,
  shownTexts,
  TRANSLATED_FIELDS,
  type NotificationFormValues,
} from '../translations/translation-fields';
import { translationFieldLabel } from './notification-conflict';
import { useDraft } from './use-draft';

function blockSave(
  saved: NotificationFormValues,
  values: NotificationFormValues,
): SaveBlocker<NotificationFormValues> | null {
  const liquid = syntaxErrors({ subject: values.subject, text: values.text, html: values.html });
  const broken = LIQUID_FIELDS.filter((field) => liquid[field]).map((field) => FIELD_NAMES[field]);
  // A translation's Liquid blocks the save like the default's; only the ones this save sends.
  const locales = Object.keys(values.translations);
  for (const locale of editedLocales(saved.translations, values.translations, locales)) {
    const texts = values.translations[locale];
    if (!texts) continue;
    const errors = syntaxErrors(texts);
    for (const field of TRANSLATED_FIELDS) {
      if (errors[field]) broken.push(translationFieldLabel(localeFieldPath(locale, field)));
    }
  }
  if (broken.length > 0) {
    return { message: `Fix the Liquid errors before saving (${broken.join(', ')}).` };
  }
  if (values.html_enabled && values.html.trim() === '') {
    // The service refuses this too; saying it here keeps the admin in the editor.
    return { field: 'html', message: 'Write the HTML version, or turn it off' };
  }
  return null;
}

/** Form paths the service's field errors may land on: the default's and each translation's. */
function errorFields(values: NotificationFormValues): string[] {
  return [
    ...WRITABLE_FIELDS,
    ...Object.keys(values.translations).flatMap((locale) =>
      TRANSLATED_FIELDS.map((field) => localeFieldPath(locale, field)),
    ),
  ];
}

/** The fields whose document a code editor owns (decision 038's amendment). */
export type DocumentField = 'html' | 'text';
const DOCUMENT_FIELDS: readonly DocumentField[] = ['html', 'text'];

/** What a restored draft, or a form reset for `reason`, is called in the editor's history. */
const USER_EVENTS: Record<ResetReason | 'draft', string> = {
  revert: 'revert',
  merge: 'merge',
  saved: 'load.saved',
  theirs: 'load.theirs',
  newer: 'load.newer',
  unchanged: 'load.saved',
  draft: 'restore.draft',
};

/**
 * `shownLocale`: the translation the fields show (null: the default); commands from outside the
 * typing (a draft, a merge, a revert) go to its documents.
 */
export function useNotificationEditor(
  loaded: ApiResponse<Notification>,
  shownLocale: string | null,
) {
  const [site] = useState(currentSite);
  const shown = useRef(shownLocale);
  // What the edits are based on, for blockSave (set after each render from the editor's basis).
  const basisValues = useRef<NotificationFormValues | null>(null);
  // The code editors of the HTML and text versions, while they are mounted. Values from outside
  // the admin's typing go in as their commands (one undo step each); the form follows them.
  const htmlRef = useRef<CodeEditorHandle>(null);
  const textRef = useRef<CodeEditorHandle>(null);
  const documents: Record<DocumentField, typeof htmlRef> = { html: htmlRef, text: textRef };

  /**
   * Gives a field's code editor a new document; with no editor mounted the form holds the value,
   * and an editor mounted later starts from it.
   */
  function setDocument(field: DocumentField, value: string, userEvent: string) {
    const editorHandle = documents[field].current;
    if (editorHandle) editorHandle.replaceDocument(value, userEvent);
    else editor.form.setValue(localeFieldPath(shown.current, field), value, { shouldDirty: true });
  }
  const editor = useResourceEditor({
    loaded,
    resource: notificationResource,
    toValues: notificationFormValues,
    changes: updateOf,
    merge: notificationConflictMerge,
    resolver: notificationResolver,
    mode: 'onBlur',
    follow: 'on-request',
    review: true,
    blockSave: (values: NotificationFormValues) => blockSave(basisValues.current ?? values, values),
    errorFields,
    // Back on a saved version: the draft of the edits has nothing left to keep.
    onSavedOrDiscarded: () => draft.discard(),
    // The form already holds the values; the mounted code editors take them as commands.
    onReset: (values, reason) => {
      for (const field of DOCUMENT_FIELDS) {
        const texts = shownTexts(values, shown.current);
        documents[field].current?.replaceDocument(texts[field], USER_EVENTS[reason]);
      }
    },
    text: {
      noun: 'this notification',
      saved: 'Notification saved',
      conflictTitle: 'Someone else saved this notification',
    },
  });
  useEffect(() => {
    shown.current = shownLocale;
    basisValues.current = editor.basis.values;
  });
  const notification = editor.basis.response.data;
  // The slug, or the id for a server that sends no slug: it names the notification in paths.
  const ref = notificationRef(notification);
  const draft = useDraft({
    site,
    slug: ref,
    saved: editor.basis.values,
    // A server that sends no `updated_at` gives drafts no base time to compare.
    baseUpdatedAt: notification.updated_at ?? '',
    values: editor.values,
    isDirty: editor.dirty,
  });

  /**
   * Puts `values` into the form as unsaved edits (a draft, an old version): every locale, the
   * shown one's documents as commands of its code editors (one undo step each). Answers whether
   * anything changed.
   */
  function loadValues(values: NotificationFormValues, userEvent: string): boolean {
    const current = editor.form.getValues();
    const fields = changedFields(current, values);
    for (const field of fields) {
      // The code editors show the default only while it is the shown locale.
      if ((field === 'html' || field === 'text') && shown.current === null)
        setDocument(field, values[field], userEvent);
      else editor.form.setValue(field, values[field], { shouldDirty: true });
    }
    const translationsChanged =
      JSON.stringify(current.translations) !== JSON.stringify(values.translations);
    if (translationsChanged) {
      editor.form.setValue('translations', values.translations, { shouldDirty: true });
      if (shown.current !== null) {
        const texts = shownTexts(values, shown.current);
        for (const field of DOCUMENT_FIELDS) {
          documents[field].current?.replaceDocument(texts[field], userEvent);
        }
      }
    }
    return fields.length > 0 || translationsChanged;
  }

  function restoreDraft() {
    const restored = draft.offered?.values;
    if (!restored) return;
    loadValues({ layout: editor.form.getValues('layout'), ...restored }, USER_EVENTS.draft);
    draft.dismissOffer();
  }

  return {
    ...editor,
    notification,
    ref,
    draft,
    restoreDraft,
    loadValues,
    htmlRef,
    textRef,
    setDocument,
  };
}

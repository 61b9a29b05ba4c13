import { Button } from '../../../components/ui/button';
import { displayLocale, languageName } from '../../../lib/language-name';
import { changedFields, FIELD_LABELS, shownValue } from './notification-fields';
import { LineDiffView } from '../../../components/line-diff-view';
import { Dialog } from '../../../components/ui/dialog';
import { TextStaleNotice } from './text-stale-notice';
import { unknownPaths, unknownVariables } from './unknown-variables';
import {
  changedTranslationFields,
  editedLocales,
  type NotificationFormValues,
} from '../translations/translation-fields';

const TRANSLATED_LABELS = { subject: 'Subject', text: 'Text version', html: 'HTML version' };

/** Each translation the save changes: its changed fields, or its removal. */
function translationChanges(saved: NotificationFormValues, edited: NotificationFormValues) {
  const locales = [
    ...new Set([...Object.keys(saved.translations), ...Object.keys(edited.translations)]),
  ];
  const names = displayLocale();
  return editedLocales(saved.translations, edited.translations, locales).map((locale) => {
    const before = Object.hasOwn(saved.translations, locale)
      ? saved.translations[locale]
      : undefined;
    const after = Object.hasOwn(edited.translations, locale)
      ? edited.translations[locale]
      : undefined;
    return {
      locale,
      name: languageName(locale, names),
      removed: after === undefined,
      fields: changedTranslationFields(before, after).map((field) => ({
        field,
        before: before?.[field] ?? '',
        after: after?.[field] ?? '',
      })),
    };
  });
}

export interface ReviewDialogProps {
  open: boolean;
  saved: NotificationFormValues;
  edited: NotificationFormValues;
  /** The samples: variables none of them has are listed before the save. */
  known: readonly unknown[];
  saving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The text version is older than the HTML: said before the save, with its remedy. */
  textStale?: boolean;
  onRegenerateText?: () => void;
}

/** Every changed field as a line diff against the saved version, before the save goes out. */
export function ReviewDialog({
  open,
  saved,
  edited,
  known,
  saving,
  onCancel,
  onConfirm,
  textStale = false,
  onRegenerateText,
}: ReviewDialogProps) {
  const fields = changedFields(saved, edited);
  const translations = open ? translationChanges(saved, edited) : [];
  const count =
    fields.length +
    translations.reduce((sum, change) => sum + (change.removed ? 1 : change.fields.length), 0);
  // Worked out only while open: the analysis of a big template is not free.
  const unknown = open
    ? unknownPaths(
        [
          edited.subject,
          edited.text,
          edited.html_enabled ? edited.html : '',
          ...translations.flatMap((change) =>
            change.fields
              .filter(({ field }) => field !== 'html' || edited.html_enabled)
              .map(({ after }) => after),
          ),
        ].flatMap((source) => unknownVariables(source, known)),
      )
    : [];
  return (
    <Dialog
      open={open}
      size="xl"
      initialFocus="[data-autofocus]"
      title="Review changes"
      description={`${count} ${count === 1 ? 'field' : 'fields'} changed since the saved version.`}
      onClose={onCancel}
      footer={
        <>
          <Button onClick={onCancel}>Keep editing</Button>
          <Button variant="primary" loading={saving} onClick={onConfirm} data-autofocus>
            Save changes
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        {textStale && onRegenerateText && <TextStaleNotice onRegenerate={onRegenerateText} />}
        {unknown.length > 0 && (
          <p
            role="status"
            className="border-warning bg-warning-soft text-fg rounded-md border px-3 py-2 text-sm"
          >
            {unknown.length} unknown {unknown.length === 1 ? 'variable' : 'variables'}:{' '}
            <span className="font-mono">{unknown.join(', ')}</span>. No sample has{' '}
            {unknown.length === 1 ? 'it' : 'them'}, so{' '}
            {unknown.length === 1 ? 'it prints' : 'they print'} as nothing unless the sender
            provides {unknown.length === 1 ? 'it' : 'them'}.
          </p>
        )}
        {fields.map((field) => (
          <section key={field} aria-label={`Changes to ${FIELD_LABELS[field]}`}>
            <h3 className="mb-1 text-sm font-semibold">{FIELD_LABELS[field]}</h3>
            <LineDiffView before={shownValue(saved[field])} after={shownValue(edited[field])} />
          </section>
        ))}
        {translations.map((change) =>
          change.removed ? (
            <section key={change.locale} aria-label={`Changes to ${change.name}`}>
              <h3 className="mb-1 text-sm font-semibold">{change.name} translation</h3>
              <p className="border-danger bg-danger-soft text-fg rounded-md border px-3 py-2 text-sm">
                Removed: its subject, text and HTML are deleted.
              </p>
            </section>
          ) : (
            change.fields.map(({ field, before, after }) => {
              const label = `${TRANSLATED_LABELS[field]} (${change.name})`;
              return (
                <section key={`${change.locale}.${field}`} aria-label={`Changes to ${label}`}>
                  <h3 className="mb-1 text-sm font-semibold">{label}</h3>
                  <LineDiffView before={before} after={after} />
                </section>
              );
            })
          ),
        )}
      </div>
    </Dialog>
  );
}

// A layout's editor page (issue 38): the notification editor's rooms around a layout — the locale
// bar (translations/), the HTML field in Code and Visual with `{{ content }}` kept (layout-html-
// field.tsx over editor/html-field.tsx), the code editor for text, the draft banner, History —
// and before Save the impact review of every e-mail the change touches. Read-only for a viewer.
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { auditAvailableQueryOptions } from '../../../api/audit-available';
import type { ApiResponse } from '../../../api/client';
import { siteSettingsQueryOptions } from '../../../api/site-settings';
import type { Layout } from '../../../../contract/schemas/layout';
import { ConflictDialog } from '../../../components/resource-editor/conflict-dialog';
import { ReadOnlyFields, useReadOnlyReason } from '../../../components/resource-editor/read-only';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/card';
import { ConfirmDialog, Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { displayLocale, languageName } from '../../../lib/language-name';
import { CodeEditor } from '../editor/code-editor';
import {
  DraftBanner,
  EditorReadOnlyContext,
  LocaleBar,
  localeTabId,
  MissingTranslation,
} from '../editor/notification-editor';
import { defaultSamplesFor } from '../samples/sample-catalog';
import { BackToTemplate } from './back-to-template';
import { ImpactReview } from './impact-review';
import { LayoutHistory } from './layout-history';
import { LayoutHtmlField } from './layout-html-field';
import { layoutFieldPath, layoutValuesOf, shownLayoutTexts } from './layout-values';
import { useLayoutEditor } from './use-layout-editor';

const route = getRouteApi('/notifications/layouts/$slug');

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <p role="alert" className="text-danger text-sm">
      {message}
    </p>
  ) : null;
}

export function LayoutEditor({ saved }: { saved: ApiResponse<Layout> }) {
  const editor = useLayoutEditor(saved);
  const { layout, basis, values, errors } = editor;
  const readOnly = useReadOnlyReason('notification');
  const settings = useQuery(siteSettingsQueryOptions()).data?.data;
  const audit = useQuery(auditAvailableQueryOptions()).data === true;
  const { locale: wanted, from } = route.useSearch();
  const navigate = route.useNavigate();
  const panelId = useId();
  const names = displayLocale();
  const [history, setHistory] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [sample] = useState(() => defaultSamplesFor(layout.used_by[0] ?? 'welcome')[0]?.data ?? {});

  const defaultLocale = settings?.default_locale ?? null;
  const shown =
    settings &&
    wanted !== undefined &&
    wanted !== defaultLocale &&
    settings.locales.includes(wanted)
      ? wanted
      : null;
  const select = (next: string) =>
    void navigate({
      search: (previous) => ({ ...previous, locale: next === defaultLocale ? undefined : next }),
      replace: true,
    });
  const shownExists = shown === null || Object.hasOwn(values.translations, shown);
  const texts = shownLayoutTexts(values, shown);
  const defaultName = languageName(defaultLocale ?? 'en', names);
  const shownName = shown === null ? defaultName : languageName(shown, names);

  const states = useMemo(() => {
    if (!settings) return null;
    const edited = (locale: string | null) => {
      const a = shownLayoutTexts(basis, locale);
      const b = shownLayoutTexts(values, locale);
      const had = locale === null || Object.hasOwn(basis.translations, locale);
      const has = locale === null || Object.hasOwn(values.translations, locale);
      return had !== has || a.html !== b.html || a.text !== b.text;
    };
    return [
      { locale: settings.default_locale, status: 'default' as const, edited: edited(null) },
      ...settings.locales
        .filter((locale) => locale !== settings.default_locale)
        .map((locale) => ({
          locale,
          status: Object.hasOwn(values.translations, locale)
            ? ('translated' as const)
            : ('missing' as const),
          edited: edited(locale),
        })),
    ];
  }, [settings, basis, values]);
  const withErrors = new Set(
    Object.keys(errors).map((path) =>
      path.startsWith('translations.') ? (path.split('.')[1] ?? '') : (defaultLocale ?? ''),
    ),
  );

  const start = (fromDefault: boolean) => {
    if (shown === null) return;
    const from = fromDefault
      ? { html: values.html, text: values.text }
      : { html: '{{ content }}', text: '{{ content }}' };
    editor.load({ ...values, translations: { ...values.translations, [shown]: from } });
  };
  const remove = () => {
    setConfirmRemove(false);
    if (shown === null) return;
    const { [shown]: _removed, ...rest } = values.translations;
    editor.load({ ...values, translations: rest });
  };
  const fieldKey = `${shown ?? ''}:${editor.generation}`;

  return (
    <EditorReadOnlyContext value={readOnly !== null}>
      <div className="flex flex-col gap-5">
        <PageHeader
          breadcrumb={
            <span className="flex flex-wrap items-center gap-x-2">
              <Link
                to="/notifications"
                className="hover:text-fg underline-offset-2 hover:underline"
              >
                Notifications
              </Link>
              {from && (
                <>
                  <span aria-hidden="true">/</span>
                  <BackToTemplate slug={from} locale={shown} />
                </>
              )}
            </span>
          }
          title={layout.name}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-xs">{layout.slug}</code>
              {editor.dirty ? (
                <Badge tone="warning">Unsaved changes</Badge>
              ) : (
                <Badge tone="success">Saved</Badge>
              )}
              <span className="text-muted text-xs">
                {layout.used_by.length === 0
                  ? 'Not used yet'
                  : `Used by ${layout.used_by.join(', ')}`}
              </span>
            </span>
          }
          actions={
            <>
              {audit && (
                <Button variant="secondary" onClick={() => setHistory(true)}>
                  History
                </Button>
              )}
              {readOnly === null && (
                <>
                  <Button
                    variant="ghost"
                    onClick={editor.revert}
                    disabled={!editor.dirty || editor.busy}
                  >
                    Revert
                  </Button>
                  <Button
                    variant="primary"
                    onClick={() => void editor.review()}
                    loading={editor.busy && !editor.impact}
                    disabled={!editor.dirty}
                  >
                    Save
                  </Button>
                </>
              )}
            </>
          }
        />
        {editor.draft.offered && (
          <DraftBanner
            draft={editor.draft.offered}
            noun="layout"
            serverUpdatedAt={layout.updated_at}
            onRestore={editor.restoreDraft}
            onDiscard={editor.draft.discard}
          />
        )}
        <FormAlert message={editor.message} />
        {states && defaultLocale && (
          <LocaleBar
            states={states}
            selected={shown ?? defaultLocale}
            onSelect={select}
            withErrors={withErrors}
            panelId={panelId}
            actions={
              shownExists &&
              shown !== null &&
              readOnly === null && (
                <Button size="sm" variant="danger-subtle" onClick={() => setConfirmRemove(true)}>
                  Remove {shownName} translation
                </Button>
              )
            }
          />
        )}
        <ReadOnlyFields reason={readOnly} inCard={false}>
          <div
            className="flex min-w-0 flex-col gap-4"
            {...(states &&
              defaultLocale && {
                role: 'tabpanel',
                id: panelId,
                'aria-labelledby': localeTabId(panelId, shown ?? defaultLocale),
              })}
          >
            {shownExists ? (
              <>
                <div key={`html:${fieldKey}`} className="flex min-w-0 flex-col gap-1">
                  <span className="text-sm font-medium">HTML</span>
                  <LayoutHtmlField
                    defaultValue={texts.html}
                    onChange={(value) => editor.edit(shown, 'html', value)}
                    sampleData={sample}
                  />
                  <FieldError message={errors[layoutFieldPath(shown, 'html')]} />
                </div>
                <div key={`text:${fieldKey}`} className="flex min-w-0 flex-col gap-1">
                  <span className="text-sm font-medium">Text</span>
                  <CodeEditor
                    defaultValue={texts.text}
                    onChange={(value) => editor.edit(shown, 'text', value)}
                    mode="liquid-text"
                    label="Text"
                    minHeight="8rem"
                  />
                  <FieldError message={errors[layoutFieldPath(shown, 'text')]} />
                </div>
              </>
            ) : (
              <MissingTranslation
                languageName={shownName}
                defaultLanguageName={defaultName}
                onStartFromDefault={() => start(true)}
                onStartEmpty={() => start(false)}
              />
            )}
          </div>
        </ReadOnlyFields>
        <Dialog
          open={editor.impact !== null}
          onClose={editor.cancelReview}
          size="xl"
          title="Review changes"
          description="Every e-mail that uses the layout, before and after. Nothing is saved until you confirm."
          footer={
            <>
              <Button variant="secondary" onClick={editor.cancelReview} disabled={editor.busy}>
                Back to editing
              </Button>
              <Button onClick={() => void editor.save()} loading={editor.busy}>
                Save layout
              </Button>
            </>
          }
        >
          {editor.impact && <ImpactReview impact={editor.impact} />}
        </Dialog>
        <ConflictDialog {...editor.conflictDialog} />
        <ConfirmDialog
          open={confirmRemove}
          title={`Remove the ${shownName} translation?`}
          description={`Its html and text are removed when you save; e-mails in ${shownName} then use the ${defaultName} layout.`}
          confirmLabel={`Remove ${shownName} translation`}
          tone="danger"
          onConfirm={remove}
          onCancel={() => setConfirmRemove(false)}
        />
        {history && (
          <LayoutHistory
            slug={layout.slug}
            locale={shown}
            current={texts}
            onClose={() => setHistory(false)}
            onRestore={
              readOnly !== null
                ? undefined
                : (version, label) => {
                    editor.load(layoutValuesOf(version));
                    setHistory(false);
                    toast.success(`${label} loaded as unsaved edits: review them with Save`);
                  }
            }
          />
        )}
      </div>
    </EditorReadOnlyContext>
  );
}

// The editor workspace: form, live preview, samples and variables. Loaded on demand by the page
// (with CodeMirror, liquidjs and the samples), so no other page pays for it. Saving, review,
// conflicts and drafts live in useNotificationEditor; this file is the layout.
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import type { ApiResponse } from '../../../api/client';
import type { Notification } from '../../../../contract/wire/notification';
import { ConflictDialog } from '../../../components/resource-editor/conflict-dialog';
import { ReadOnlyFields, useReadOnlyReason } from '../../../components/resource-editor/read-only';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { displayLocale, languageName } from '../../../lib/language-name';
import { DraftBanner, NewerVersionNotice } from './draft-banner';
import { EditorHeader } from './editor-header';
import { generateTextFromHtml } from './generate-text';
import { HistoryButton } from '../history/history-button';
import type { Mode } from './html-field';
import { DocumentRender, LayoutSelect, needsDocument, useDocumentPreview } from './layout-parts';
import { LocaleBar, localeTabId } from '../translations/locale-bar';
import { MissingTranslation } from '../translations/missing-translation';
import { FIELD_NAMES } from './notification-fields';
import { PreviewPane } from './preview-pane';
import { EditorReadOnlyContext } from './read-only-context';
import { ReviewDialogLoader } from './review-dialog-loader';
import { SampleChips, SamplePanel } from './sample-panel';
import { SendTest } from '../test-send/send-test';
import { TemplateFields } from './template-fields';
import {
  localeFieldPath,
  localesWithErrors,
  localeStates,
  shownTexts,
} from '../translations/translation-fields';
import { useLocaleSelection } from '../translations/use-locale-selection';
import { useTranslationActions } from '../translations/use-translation-actions';
import { useLivePreview } from './use-live-preview';
import { useRememberedChoice } from './use-remembered-flag';
import { useTextFreshness } from './use-text-freshness';
import { useNotificationEditor } from './use-notification-editor';
import { useSampleData } from './use-sample-data';
import { useSnippetInsert } from './use-snippet-insert';
import { VariablesPanel } from './variables-panel';
import { LayoutSelectPlaceholder } from '../layouts/layout-select-placeholder';

// Issue 39: the Checks panel loads after the editor, in a chunk of its own (the first open's budget).
const ChecksPanel = lazy(() => import('../checks/checks-panel'));

export interface NotificationEditorProps {
  saved: ApiResponse<Notification>;
}

function asMode(stored: unknown): Mode | null {
  return stored === 'code' || stored === 'visual' ? stored : null;
}

export function NotificationEditor({ saved }: NotificationEditorProps) {
  const languages = useLocaleSelection(saved.data);
  const locale = languages.shown;
  const editor = useNotificationEditor(saved, locale);
  const { form, values: allValues, notification, ref, draft } = editor;
  const { control, register, formState, getValues } = form;
  const shownPath = (field: 'html' | 'text') => localeFieldPath(locale, field);
  // What the preview, the samples and the test send see: the shown locale's texts.
  // A missing translation shows what its customers get: the default's (and sends that test).
  const shownExists = locale === null || Object.hasOwn(allValues.translations, locale);
  const shownLocale = shownExists ? locale : null;
  const values = useMemo(
    () => ({ ...allValues, ...shownTexts(allValues, shownLocale) }),
    [allValues, shownLocale],
  );
  const translations = useTranslationActions({
    form,
    shown: locale,
    setDocument: editor.setDocument,
  });
  const [confirmRemove, setConfirmRemove] = useState(false);
  // Issue 29: a role that cannot save sees every field, action and test send disabled, with why.
  const readOnly = useReadOnlyReason('notification');
  const panelId = useId();
  const names = displayLocale();

  const samples = useSampleData(ref);
  // The visual canvas and its block panel take the whole width; the preview moves under them.
  // The mode the admin last used, in this browser; a new admin starts in Visual (the headline).
  const [rememberedMode, setHtmlMode] = useRememberedChoice('html-mode', asMode);
  const htmlMode: Mode = rememberedMode ?? 'visual';
  const visual = values.html_enabled && htmlMode === 'visual';
  // In visual mode the canvas is the typing's feedback: the preview follows after its paint.
  const live = useLivePreview(values, samples.data, samples.known, visual);
  const { used, missing, offered, unknown } = live;
  // Issue 38: with a layout or a snippet, the html and text are the one renderer's.
  const withDocument = needsDocument(values);
  const { preview, setDocument } = useDocumentPreview(live.preview, withDocument);
  const sampleChips = useMemo(
    () => <SampleChips state={samples.state} onChange={samples.setState} />,
    [samples.state, samples.setState],
  );
  const basedOnHtml = locale === null ? null : notification.translations?.[locale]?.based_on?.html;
  const defaultLocale = languages.languages?.defaultLocale;
  const translatorReference = useMemo(
    () =>
      locale !== null && visual && defaultLocale !== undefined
        ? {
            defaultHtml: allValues.html,
            basedOnHtml: basedOnHtml ?? null,
            defaultLocale,
            locale,
          }
        : undefined,
    [locale, visual, defaultLocale, allValues.html, basedOnHtml],
  );
  const snippets = useSnippetInsert(form, values.html_enabled, locale, editor);
  const [confirmGenerate, setConfirmGenerate] = useState(false);
  const [checksNote, setChecksNote] = useState<string | null>(null);

  // Kept for the default only: a translation's text follows its own HTML, said by no record yet.
  const defaultFreshness = useTextFreshness(ref, allValues);
  const freshness = locale === null ? defaultFreshness : { ...defaultFreshness, stale: false };
  const generateText = async () => {
    setConfirmGenerate(false);
    const html = getValues(shownPath('html'));
    const text = await generateTextFromHtml(html);
    editor.setDocument('text', text, 'generate');
    // Also when it comes out as it was: the text is now the HTML's.
    if (locale === null) freshness.markFresh(html, text);
    toast.success('Text version generated from the HTML');
  };
  // From the review: the review shows again, with the new text in it.
  const regenerateInReview = async () => {
    editor.cancelReview();
    await generateText();
    await editor.submit();
  };
  const requestSave = () => void editor.submit();

  const bar = languages.languages && {
    defaultLocale: languages.languages.defaultLocale,
    states: localeStates({
      defaultLocale: languages.languages.defaultLocale,
      locales: languages.languages.locales,
      notification,
      saved: editor.basis.values,
      values: allValues,
    }),
    withErrors: localesWithErrors(
      formState.errors,
      languages.languages.defaultLocale,
      // The shown locale's Liquid, as the preview parses it.
      Object.values(preview.errors).some(Boolean) ? locale : undefined,
    ),
  };
  const defaultName = languageName(bar?.defaultLocale ?? 'en', names);
  const shownName = locale === null ? defaultName : languageName(locale, names);

  return (
    <EditorReadOnlyContext value={readOnly !== null}>
      <div className="flex flex-col gap-5">
        <EditorHeader
          notification={notification}
          isDirty={editor.dirty}
          saving={editor.saving}
          onSave={requestSave}
          onRevert={editor.discard}
          readOnly={readOnly !== null}
          checksNote={checksNote}
          history={
            <HistoryButton
              slug={ref}
              editor={editor}
              sampleData={samples.data}
              readOnly={readOnly !== null}
            />
          }
        />
        {draft.offered && (
          <DraftBanner
            draft={draft.offered}
            serverUpdatedAt={notification.updated_at ?? ''}
            onRestore={editor.restoreDraft}
            onDiscard={draft.discard}
          />
        )}
        {editor.newer && <NewerVersionNotice isDirty={editor.dirty} onLoad={editor.loadNewer} />}
        <FormAlert message={editor.formMessage} onRetry={editor.retry} />
        {bar && (
          <LocaleBar
            states={bar.states}
            selected={locale ?? bar.defaultLocale}
            onSelect={languages.select}
            withErrors={bar.withErrors}
            panelId={panelId}
            actions={
              shownExists &&
              locale !== null &&
              readOnly === null && (
                <Button size="sm" variant="danger-subtle" onClick={() => setConfirmRemove(true)}>
                  Remove {shownName} translation
                </Button>
              )
            }
          />
        )}
        {/* Phones: fields, preview, then variables and samples. Wide screens: the preview stays
          in view beside everything else, except in the visual mode, where it follows the form. */}
        <div
          className={cn(
            'grid gap-6',
            !visual &&
              'lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]',
          )}
        >
          <form
            aria-label="Template"
            onSubmit={(event) => {
              event.preventDefault();
              requestSave();
            }}
            className="min-w-0 lg:col-start-1 lg:row-start-1"
          >
            <ReadOnlyFields reason={readOnly}>
              <Suspense fallback={<LayoutSelectPlaceholder control={control} />}>
                <LayoutSelect control={control} slug={ref} />
              </Suspense>
              <div
                {...(bar && {
                  role: 'tabpanel',
                  id: panelId,
                  'aria-labelledby': localeTabId(panelId, locale ?? bar.defaultLocale),
                })}
              >
                {shownExists ? (
                  <TemplateFields
                    key={locale ?? ''}
                    locale={locale}
                    translatorReference={translatorReference}
                    control={control}
                    register={register}
                    errors={formState.errors}
                    liquidErrors={preview.errors}
                    unknown={unknown}
                    htmlEnabled={values.html_enabled}
                    sampleData={samples.data}
                    variables={offered}
                    subjectRef={snippets.subjectRef}
                    textRef={snippets.textRef}
                    htmlRef={snippets.htmlRef}
                    onFocusField={snippets.setTarget}
                    onJump={(field, offset) =>
                      (field === 'html' ? snippets.htmlRef : snippets.textRef).current?.focusAt(
                        offset,
                      )
                    }
                    onGenerateText={() => {
                      if (getValues(shownPath('text')).trim() === '') void generateText();
                      else setConfirmGenerate(true);
                    }}
                    htmlMode={htmlMode}
                    onHtmlModeChange={setHtmlMode}
                    textStale={freshness.stale}
                    onRegenerateText={() => void generateText()}
                  />
                ) : (
                  <MissingTranslation
                    languageName={shownName}
                    defaultLanguageName={defaultName}
                    onStartFromDefault={() => translations.start(locale, true)}
                    onStartEmpty={() => translations.start(locale, false)}
                  />
                )}
              </div>
            </ReadOnlyFields>
          </form>
          <div
            className={cn(
              'flex min-w-0 flex-col gap-4',
              !visual &&
                'lg:sticky lg:top-18 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-5.5rem)] lg:self-start lg:overflow-y-auto',
            )}
          >
            <fieldset disabled={readOnly !== null} className="min-w-0">
              <SendTest
                slug={ref}
                locale={shownLocale}
                values={values}
                savedLayout={notification.layout}
                sampleName={samples.state.active}
                sampleData={samples.data}
                checksNote={checksNote}
              />
            </fieldset>
            {withDocument && (
              <Suspense fallback={null}>
                <DocumentRender
                  values={values}
                  locale={shownLocale}
                  data={samples.data}
                  onChange={setDocument}
                />
              </Suspense>
            )}
            <PreviewPane
              preview={preview}
              htmlEnabled={values.html_enabled}
              sampleData={samples.data}
              sampleSwitcher={sampleChips}
            />
            <Suspense>
              <ChecksPanel
                slug={ref}
                values={allValues}
                sampleName={samples.state.active}
                sampleData={samples.data}
                reveal={{
                  shown: locale,
                  defaultLocale: languages.languages?.defaultLocale,
                  select: languages.select,
                  getValues,
                  ...snippets,
                }}
                onSummary={setChecksNote}
              />
            </Suspense>
          </div>
          <div
            className={cn(
              'flex min-w-0 flex-col gap-6',
              !visual && 'lg:col-start-1 lg:row-start-2',
            )}
          >
            <fieldset disabled={readOnly !== null} className="min-w-0">
              <VariablesPanel
                offered={offered}
                used={used}
                missing={missing}
                target={snippets.target ? FIELD_NAMES[snippets.target] : null}
                onInsert={snippets.insert}
              />
            </fieldset>
            <SamplePanel
              slug={ref}
              state={samples.state}
              parse={samples.parse}
              onChange={samples.setState}
            />
          </div>
        </div>

        <ReviewDialogLoader
          wanted={editor.dirty}
          open={editor.review !== null}
          saved={editor.basis.values}
          edited={editor.review ?? allValues}
          known={samples.known}
          saving={editor.saving}
          onCancel={editor.cancelReview}
          onConfirm={editor.confirmReview}
          textStale={freshness.stale}
          onRegenerateText={() => void regenerateInReview()}
        />
        <ConfirmDialog
          open={confirmGenerate}
          title="Replace the text version?"
          description="The text version is not empty. Generating it from the HTML replaces what is there (Undo in the editor brings it back)."
          confirmLabel="Replace text"
          onConfirm={() => void generateText()}
          onCancel={() => setConfirmGenerate(false)}
        />
        <ConfirmDialog
          open={confirmRemove}
          title={`Remove the ${shownName} translation?`}
          description={`Its subject, text and HTML are removed when you save; customers whose language is ${shownName} then get the ${defaultName} message.`}
          confirmLabel={`Remove ${shownName} translation`}
          tone="danger"
          onConfirm={() => {
            setConfirmRemove(false);
            if (locale !== null) translations.remove(locale);
          }}
          onCancel={() => setConfirmRemove(false)}
        />
        <ConflictDialog {...editor.conflictDialog} />
      </div>
    </EditorReadOnlyContext>
  );
}

// Issue 38: the rooms a layout's page (layouts/layout-editor.tsx) reuses, taken through this
// chunk: imported on their own they split the template editor's first open into more files.
export { DraftBanner, EditorReadOnlyContext, LocaleBar, localeTabId, MissingTranslation };

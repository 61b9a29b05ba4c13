// The editor workspace: form, live preview, samples and variables. Loaded on demand by the page
// (with CodeMirror, liquidjs and the samples), so no other page pays for it.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ApiResponse } from '../../api/client';
import { isApiError } from '../../api/client';
import { storeSavedNotification, updateNotification } from '../../api/notifications';
import type { LiquidField, NotificationWritableFields } from '../../api/schemas/notification';
import { notificationRef, type Notification } from '../../api/wire/notification';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { applyServerErrors } from '../../lib/form-errors';
import { useSaveShortcut } from '../../lib/use-save-shortcut';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes';
import type { CodeEditorHandle } from './code-editor';
import { currentSite } from './current-site';
import { changedFields, WRITABLE_FIELDS } from './draft-store';
import { DraftBanner, NewerVersionNotice } from './draft-banner';
import { EditorHeader } from './editor-header';
import { generateTextFromHtml } from './generate-text';
import { notificationFormValues, notificationResolver } from './notification-form-values';
import { PreviewPane } from './preview-pane';
import { syntaxErrors } from './render-template';
import { ReviewDialog } from './review-dialog';
import { SampleChips, SamplePanel } from './sample-panel';
import { TemplateFields } from './template-fields';
import { useConflict } from './use-conflict';
import { useDraft } from './use-draft';
import { useLivePreview } from './use-live-preview';
import { useSampleData } from './use-sample-data';
import { VariablesPanel } from './variables-panel';

const FIELD_NAMES: Record<LiquidField, string> = { subject: 'Subject', text: 'Text', html: 'HTML' };

export interface NotificationEditorProps {
  saved: ApiResponse<Notification>;
}

export function NotificationEditor({ saved: cached }: NotificationEditorProps) {
  // The version the edits are based on. It follows the cache only on purpose (a save, a
  // conflict, "load the latest"), never by a background refetch, so If-Match stays honest.
  const [saved, setSaved] = useState(cached);
  const notification = saved.data;
  // The slug, or the id for a server that sends no slug: it names the notification in paths.
  const ref = notificationRef(notification);
  const savedValues = useMemo(() => notificationFormValues(notification), [notification]);
  const newerElsewhere =
    cached.etag !== saved.etag && cached.data.updated_at !== saved.data.updated_at;
  const queryClient = useQueryClient();
  const [site] = useState(currentSite);

  const form = useForm<NotificationWritableFields>({
    defaultValues: savedValues,
    resolver: notificationResolver(savedValues),
    mode: 'onBlur',
  });
  const { control, register, formState, reset, setValue, setError, getValues, handleSubmit } = form;
  const values = useWatch({ control }) as NotificationWritableFields;
  const isDirty = changedFields(savedValues, values).length > 0;

  const samples = useSampleData(ref);
  const { preview, used, missing, offered } = useLivePreview(values, samples.data);
  const sampleChips = useMemo(
    () => <SampleChips state={samples.state} onChange={samples.setState} />,
    [samples.state, samples.setState],
  );

  const draft = useDraft({
    site,
    slug: ref,
    saved: savedValues,
    // A server that sends no `updated_at` gives drafts no base time to compare.
    baseUpdatedAt: notification.updated_at ?? '',
    values,
    isDirty,
  });

  const subjectRef = useRef<HTMLInputElement | null>(null);
  const textRef = useRef<CodeEditorHandle>(null);
  const htmlRef = useRef<CodeEditorHandle>(null);
  const [target, setTarget] = useState<LiquidField | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  const [formMessage, setFormMessage] = useState<string | null>(null);
  const [confirmGenerate, setConfirmGenerate] = useState(false);

  const mutation = useMutation({
    mutationFn: (edited: NotificationWritableFields) =>
      updateNotification({
        slug: ref,
        changes: Object.fromEntries(changedFields(savedValues, edited).map((f) => [f, edited[f]])),
        etag: saved.etag,
      }),
    onSuccess: (response) => {
      storeSavedNotification(queryClient, response);
      setSaved(response);
      reset(notificationFormValues(response.data), { keepDirty: false });
      draft.discard();
      setReviewOpen(false);
      setFormMessage(null);
      toast.success('Notification saved');
    },
    onError: (error) => {
      setReviewOpen(false);
      if (isApiError(error) && error.isConflict) {
        conflict.open();
        return;
      }
      const { formMessage: message } = applyServerErrors(error, setError, WRITABLE_FIELDS);
      setFormMessage(message ?? null);
    },
  });

  const conflict = useConflict({
    slug: ref,
    base: () => savedValues,
    mine: () => getValues(),
    // Their version is now the saved one (the base of the next save); the merge is the edit.
    onResolve: (merged, theirs) => {
      setSaved(theirs);
      for (const field of WRITABLE_FIELDS)
        setValue(field, merged[field] as never, { shouldDirty: true });
      setFormMessage('Merged with the version saved elsewhere; review and save.');
      setReviewOpen(true);
    },
    onKeepTheirs: (theirs) => {
      setSaved(theirs);
      reset(notificationFormValues(theirs.data), { keepDirty: false });
      draft.discard();
      setFormMessage(null);
    },
    onLoadError: setFormMessage,
  });

  const requestSave = () => {
    setFormMessage(null);
    void handleSubmit((edited) => {
      const liquid = syntaxErrors({
        subject: edited.subject,
        text: edited.text,
        html: edited.html,
      });
      const broken = (Object.keys(liquid) as LiquidField[]).map((f) => FIELD_NAMES[f]);
      if (broken.length > 0) {
        setFormMessage(`Fix the Liquid errors before saving (${broken.join(', ')}).`);
        return;
      }
      if (edited.html_enabled && edited.html.trim() === '') {
        // The service refuses this too; saying it here keeps the admin in the editor.
        setError('html', { message: 'Write the HTML version, or turn it off' });
        return;
      }
      if (!isDirty) {
        toast.info('Nothing to save');
        return;
      }
      setReviewOpen(true);
    })();
  };

  useSaveShortcut(requestSave);
  useUnsavedChanges(isDirty && !mutation.isPending);

  const htmlEnabled = values.html_enabled;
  const insert = useCallback(
    (snippet: string) => {
      const field = target ?? (htmlEnabled ? 'html' : 'text');
      if (field === 'subject') {
        const input = subjectRef.current;
        const current = getValues('subject');
        const start = input?.selectionStart ?? current.length;
        const end = input?.selectionEnd ?? start;
        setValue('subject', current.slice(0, start) + snippet + current.slice(end), {
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
    [target, htmlEnabled, getValues, setValue],
  );

  const generateText = async () => {
    setConfirmGenerate(false);
    const text = await generateTextFromHtml(getValues('html'));
    setValue('text', text, { shouldDirty: true });
    toast.success('Text version generated from the HTML');
  };

  return (
    <div className="flex flex-col gap-5">
      <EditorHeader
        notification={notification}
        isDirty={isDirty}
        saving={mutation.isPending}
        onSave={requestSave}
        onRevert={() => {
          reset(savedValues);
          draft.discard();
        }}
      />
      {draft.offered && (
        <DraftBanner
          draft={draft.offered}
          serverUpdatedAt={notification.updated_at ?? ''}
          onRestore={() => {
            const restored = draft.offered!.values;
            for (const field of changedFields(savedValues, restored)) {
              setValue(field, restored[field], { shouldDirty: true });
            }
            draft.dismissOffer();
          }}
          onDiscard={draft.discard}
        />
      )}
      {newerElsewhere && (
        <NewerVersionNotice
          isDirty={isDirty}
          onLoad={() => {
            setSaved(cached);
            reset(notificationFormValues(cached.data));
          }}
        />
      )}
      {formMessage && (
        <p
          role="alert"
          className="border-danger bg-danger-soft text-danger rounded-md border px-3 py-2 text-sm"
        >
          {formMessage}
        </p>
      )}
      {/* Phones: fields, preview, then variables and samples. Wide screens: the preview stays
          in view beside everything else. */}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <form
          aria-label="Template"
          onSubmit={(event) => {
            event.preventDefault();
            requestSave();
          }}
          className="min-w-0 lg:col-start-1 lg:row-start-1"
        >
          <TemplateFields
            control={control}
            register={register}
            errors={formState.errors}
            liquidErrors={preview.errors}
            htmlEnabled={values.html_enabled}
            sampleData={samples.data}
            subjectRef={subjectRef}
            textRef={textRef}
            htmlRef={htmlRef}
            onFocusField={setTarget}
            onJump={(field, offset) =>
              (field === 'html' ? htmlRef : textRef).current?.focusAt(offset)
            }
            onGenerateText={() => {
              if (getValues('text').trim() === '') void generateText();
              else setConfirmGenerate(true);
            }}
          />
        </form>
        <div className="min-w-0 lg:sticky lg:top-18 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100vh-5.5rem)] lg:self-start lg:overflow-y-auto">
          <PreviewPane
            preview={preview}
            htmlEnabled={values.html_enabled}
            sampleData={samples.data}
            sampleSwitcher={sampleChips}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-2">
          <VariablesPanel
            offered={offered}
            used={used}
            missing={missing}
            target={target ? FIELD_NAMES[target] : null}
            onInsert={insert}
          />
          <SamplePanel
            slug={ref}
            state={samples.state}
            parse={samples.parse}
            onChange={samples.setState}
          />
        </div>
      </div>

      <ReviewDialog
        open={reviewOpen}
        saved={savedValues}
        edited={values}
        saving={mutation.isPending}
        onCancel={() => setReviewOpen(false)}
        onConfirm={() => mutation.mutate(getValues())}
      />
      <ConfirmDialog
        open={confirmGenerate}
        title="Replace the text version?"
        description="The text version is not empty. Generating it from the HTML replaces what is there (Undo in the editor brings it back)."
        confirmLabel="Replace text"
        onConfirm={() => void generateText()}
        onCancel={() => setConfirmGenerate(false)}
      />
      {conflict.dialog}
    </div>
  );
}

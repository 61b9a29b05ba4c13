import { useMemo, useState, type Ref } from 'react';
import { flushSync } from 'react-dom';
import {
  Controller,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import type { LiquidField } from '../../../../contract/schemas/notification';
import { Field, FieldError } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import type { CodeEditorHandle } from './code-editor';
import { DeferredCodeEditor } from './deferred-code-editor';
import { diagnosticsOf } from './field-diagnostics';
import { HtmlField, type Mode } from './html-field';
import { HtmlSwitch } from './html-switch';
import { layoutAround } from './layout-parts';
import { LiquidErrorList } from './liquid-error-list';
import { ProblemBadge } from './problem-badge';
import { TextStaleBadge, TextStaleNotice } from './text-stale-notice';
import type { TemplateError } from './render-template';
import type { OfferedVariable } from './template-variables';
import { unknownPaths, type UnknownVariable } from './unknown-variables';
import { localeFieldPath, type NotificationFormValues } from '../translations/translation-fields';
import type { TranslatorReference } from '../translations/translator-reference';

type BodyField = 'html' | 'text';

export interface TemplateFieldsProps {
  control: Control<NotificationFormValues>;
  register: UseFormRegister<NotificationFormValues>;
  errors: FieldErrors<NotificationFormValues>;
  /** The translation whose subject, text and html are shown; null: the default's. */
  locale: string | null;
  /** Set while a translation is shown in Visual mode (for the translator mode). */
  translatorReference?: TranslatorReference;
  liquidErrors: Partial<Record<LiquidField, TemplateError>>;
  unknown: Record<LiquidField, readonly UnknownVariable[]>;
  htmlEnabled: boolean;
  sampleData: unknown;
  /** The sample's variables, for the HTML version's visual mode. */
  variables: readonly OfferedVariable[];
  subjectRef: Ref<HTMLInputElement>;
  textRef: Ref<CodeEditorHandle>;
  htmlRef: Ref<CodeEditorHandle>;
  onFocusField: (field: LiquidField) => void;
  onJump: (field: LiquidField, offset: number) => void;
  onGenerateText: () => void;
  htmlMode: Mode;
  onHtmlModeChange: (mode: Mode) => void;
  /** The HTML changed since the text was last edited or generated (text-freshness.ts). */
  textStale: boolean;
  onRegenerateText: () => void;
}

/** Name, description, subject, and the HTML and Text bodies in tabs, each with its errors. */
export function TemplateFields(props: TemplateFieldsProps) {
  const { control, register, errors: allErrors, liquidErrors, unknown, htmlEnabled } = props;
  const { locale } = props;
  const { ref: subjectRegisterRef, ...subjectField } = register(localeFieldPath(locale, 'subject'));
  // The shown locale's errors: the default's, or those on `translations.<locale>.<field>`.
  const errors: Partial<Record<LiquidField, { message?: string }>> =
    locale === null ? allErrors : (allErrors.translations?.[locale] ?? {});
  const [tab, setTab] = useState<BodyField>('html');
  const shownTab: BodyField = htmlEnabled ? tab : 'text';
  const layoutSlug = useWatch({ control, name: 'layout' });
  const layout = useMemo(() => layoutAround(layoutSlug, locale), [layoutSlug, locale]);
  const unknownHtml = useMemo(() => new Set(unknownPaths(unknown.html)), [unknown.html]);
  // A jump to an error shows its tab first: a hidden editor cannot take the focus.
  const jump = (field: BodyField, offset: number) => {
    flushSync(() => setTab(field));
    props.onJump(field, offset);
  };
  const badge = (field: BodyField) => (
    <ProblemBadge errors={liquidErrors[field] ? 1 : 0} warnings={unknown[field].length} />
  );

  const textTab: TabItem<BodyField> = {
    id: 'text',
    label: 'Text',
    badge: (
      <>
        {badge('text')}
        {props.textStale && <TextStaleBadge />}
      </>
    ),
    panel: (
      <div className="flex flex-col gap-1.5">
        {props.textStale && <TextStaleNotice onRegenerate={props.onRegenerateText} />}
        <Controller
          control={control}
          name={localeFieldPath(locale, 'text')}
          render={({ field }) => (
            <DeferredCodeEditor
              shown={shownTab === 'text'}
              mode="liquid-text"
              label="Text version"
              describedBy={liquidErrors.text ? 'text-liquid-errors' : undefined}
              defaultValue={field.value}
              onChange={field.onChange}
              diagnostics={diagnosticsOf(liquidErrors.text, unknown.text)}
              sampleData={props.sampleData}
              onFocus={() => props.onFocusField('text')}
              handleRef={props.textRef}
              minHeight="20rem"
            />
          )}
        />
        {errors.text?.message && <FieldError>{errors.text.message}</FieldError>}
        <LiquidErrorList
          id="text-liquid-errors"
          fieldLabel="Text version"
          error={liquidErrors.text}
          onJump={(offset) => jump('text', offset)}
        />
      </div>
    ),
  };
  const htmlTab: TabItem<BodyField> = {
    id: 'html',
    label: 'HTML',
    badge: badge('html'),
    panel: (
      <div className="flex flex-col gap-1.5">
        <Controller
          control={control}
          name={localeFieldPath(locale, 'html')}
          render={({ field }) => (
            <HtmlField
              describedBy={liquidErrors.html ? 'html-liquid-errors' : undefined}
              defaultValue={field.value}
              onChange={field.onChange}
              diagnostics={diagnosticsOf(liquidErrors.html, unknown.html)}
              sampleData={props.sampleData}
              unknownPaths={unknownHtml}
              variables={props.variables}
              mode={props.htmlMode}
              onModeChange={props.onHtmlModeChange}
              onFocus={() => props.onFocusField('html')}
              handleRef={props.htmlRef}
              translatorReference={props.translatorReference}
              layout={layout}
            />
          )}
        />
        {errors.html?.message && <FieldError>{errors.html.message}</FieldError>}
        <LiquidErrorList
          id="html-liquid-errors"
          fieldLabel="HTML version"
          error={liquidErrors.html}
          onJump={(offset) => jump('html', offset)}
        />
      </div>
    ),
  };
  const tabs = htmlEnabled ? [htmlTab, textTab] : [textTab];

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={allErrors.name?.message}>
          {(field) => <Input {...field} {...register('name')} autoComplete="off" />}
        </Field>
        <Field label="Description" optional error={allErrors.description?.message}>
          {(field) => <Input {...field} {...register('description')} autoComplete="off" />}
        </Field>
      </div>

      <div className="flex flex-col gap-1.5">
        <Field
          label="Subject"
          error={errors.subject?.message}
          hint="One line; Liquid works here too."
        >
          {(field) => (
            <Input
              {...field}
              {...subjectField}
              ref={(element) => {
                subjectRegisterRef(element);
                if (typeof props.subjectRef === 'function') props.subjectRef(element);
                else if (props.subjectRef) props.subjectRef.current = element;
              }}
              aria-invalid={field['aria-invalid'] || Boolean(liquidErrors.subject) || undefined}
              aria-describedby={
                [field['aria-describedby'], liquidErrors.subject ? 'subject-liquid-errors' : '']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              onFocus={() => props.onFocusField('subject')}
              onKeyDown={(event) => {
                // A subject is one line: Enter would otherwise submit nothing useful.
                if (event.key === 'Enter') event.preventDefault();
              }}
              className="font-mono"
              autoComplete="off"
              spellCheck
            />
          )}
        </Field>
        <LiquidErrorList
          id="subject-liquid-errors"
          fieldLabel="Subject"
          error={liquidErrors.subject}
        />
        {unknown.subject.length > 0 && (
          <p className="text-warning text-xs">
            Unknown {unknown.subject.length === 1 ? 'variable' : 'variables'}:{' '}
            <span className="font-mono">{unknownPaths(unknown.subject).join(', ')}</span> (not in
            the variables list or the sample).
          </p>
        )}
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <HtmlSwitch control={control} />
          <button
            type="button"
            onClick={() => {
              // The generated text is what the admin wants to see next.
              setTab('text');
              props.onGenerateText();
            }}
            disabled={!htmlEnabled}
            className="text-accent text-xs font-medium underline-offset-2 hover:underline disabled:opacity-50"
          >
            Generate text from HTML
          </button>
        </div>
        <Tabs label="Message body" tabs={tabs} selected={shownTab} onSelect={setTab} />
        {/* Shown with the HTML version off too: a broken HTML still blocks the save. */}
        {!htmlEnabled && errors.html?.message && <FieldError>{errors.html.message}</FieldError>}
        {!htmlEnabled && (
          <LiquidErrorList
            id="html-liquid-errors"
            fieldLabel="HTML version"
            error={liquidErrors.html}
          />
        )}
      </div>
    </div>
  );
}

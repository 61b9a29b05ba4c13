import type { Diagnostic } from '@codemirror/lint';
import type { Ref } from 'react';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { LiquidField, NotificationWritableFields } from '../../api/schemas/notification';
import { Field, FieldError, Label } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { CodeEditor, type CodeEditorHandle } from './code-editor';
import { HtmlField, type HtmlMode } from './html-field';
import { LiquidErrorList } from './liquid-error-list';
import type { TemplateError } from './render-template';
import type { OfferedVariable } from './template-variables';

export interface TemplateFieldsProps {
  control: Control<NotificationWritableFields>;
  register: UseFormRegister<NotificationWritableFields>;
  errors: FieldErrors<NotificationWritableFields>;
  liquidErrors: Partial<Record<LiquidField, TemplateError>>;
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
  onHtmlModeChange?: (mode: HtmlMode) => void;
}

function diagnosticsOf(error: TemplateError | undefined): Diagnostic[] {
  if (!error) return [];
  return [
    {
      from: error.from,
      to: Math.max(error.to, error.from + 1),
      severity: error.kind === 'syntax' ? 'error' : 'warning',
      message: error.message,
      source: 'Liquid',
    },
  ];
}

/** Name, description, subject and the two bodies, each with its own errors under it. */
export function TemplateFields(props: TemplateFieldsProps) {
  const { control, register, errors, liquidErrors, htmlEnabled } = props;
  const { ref: subjectRegisterRef, ...subjectField } = register('subject');
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errors.name?.message}>
          {(field) => <Input {...field} {...register('name')} autoComplete="off" />}
        </Field>
        <Field label="Description" optional error={errors.description?.message}>
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
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Label id="text-label">Text version</Label>
          <button
            type="button"
            onClick={props.onGenerateText}
            disabled={!htmlEnabled}
            className="text-accent text-xs font-medium underline-offset-2 hover:underline disabled:opacity-50"
          >
            Generate text from HTML
          </button>
        </div>
        <Controller
          control={control}
          name="text"
          render={({ field }) => (
            <CodeEditor
              mode="liquid-text"
              label="Text version"
              describedBy={liquidErrors.text ? 'text-liquid-errors' : undefined}
              value={field.value}
              onChange={field.onChange}
              diagnostics={diagnosticsOf(liquidErrors.text)}
              sampleData={props.sampleData}
              onFocus={() => props.onFocusField('text')}
              handleRef={props.textRef}
            />
          )}
        />
        {errors.text?.message && <FieldError>{errors.text.message}</FieldError>}
        <LiquidErrorList
          id="text-liquid-errors"
          fieldLabel="Text version"
          error={liquidErrors.text}
          onJump={(offset) => props.onJump('text', offset)}
        />
      </div>

      <div className="flex flex-col gap-1.5">
        <Controller
          control={control}
          name="html_enabled"
          render={({ field }) => (
            <label className="text-fg inline-flex cursor-pointer items-center gap-2.5 self-start text-sm font-medium">
              <input
                type="checkbox"
                role="switch"
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                className="peer sr-only"
              />
              <span
                aria-hidden="true"
                className="bg-border-strong peer-checked:bg-accent peer-focus-visible:outline-ring relative h-5 w-9 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-4"
              />
              HTML version
            </label>
          )}
        />
        {htmlEnabled && (
          <>
            <Controller
              control={control}
              name="html"
              render={({ field }) => (
                <HtmlField
                  describedBy={liquidErrors.html ? 'html-liquid-errors' : undefined}
                  value={field.value}
                  onChange={field.onChange}
                  diagnostics={diagnosticsOf(liquidErrors.html)}
                  sampleData={props.sampleData}
                  variables={props.variables}
                  onFocus={() => props.onFocusField('html')}
                  handleRef={props.htmlRef}
                  onModeChange={props.onHtmlModeChange}
                />
              )}
            />
          </>
        )}
        {/* Shown with the HTML version off too: a broken HTML still blocks the save. */}
        {errors.html?.message && <FieldError>{errors.html.message}</FieldError>}
        <LiquidErrorList
          id="html-liquid-errors"
          fieldLabel="HTML version"
          error={liquidErrors.html}
          onJump={htmlEnabled ? (offset) => props.onJump('html', offset) : undefined}
        />
      </div>
    </div>
  );
}

import { memo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { CollapsibleSection } from '../../../components/ui/collapsible-section';
import { cn } from '../../../lib/cn';
import type { CodeEditorHandle } from './code-editor';
import { DeferredCodeEditor } from './deferred-code-editor';
import {
  activeSample,
  duplicateActiveSample,
  resetActiveSample,
  updateActiveJson,
  type SampleParse,
  type SampleState,
} from './sample-store';
import { useRememberedFlag } from './use-remembered-flag';

export interface SamplePanelProps {
  slug: string;
  state: SampleState;
  parse: SampleParse;
  onChange: (state: SampleState) => void;
}

/** Named sample data sets, switchable in one click, edited as JSON and kept per notification. */
export const SamplePanel = memo(function SamplePanel({
  slug,
  state,
  parse,
  onChange,
}: SamplePanelProps) {
  const current = activeSample(state);
  // Folded until the admin opens it (decision 090): the samples switch from the preview's chips,
  // and a JSON editor shown at the first open would fetch CodeMirror's view with the page.
  const [open, setOpen] = useRememberedFlag('samples-open', false);
  const editorRef = useRef<CodeEditorHandle>(null);
  return (
    <CollapsibleSection
      title={
        <>
          Sample data <span className="text-muted font-normal">· {current.name}</span>
        </>
      }
      open={open}
      onOpenChange={setOpen}
      actions={
        <div className="flex gap-1.5">
          <Button size="sm" variant="ghost" onClick={() => onChange(duplicateActiveSample(state))}>
            Duplicate
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              const next = resetActiveSample(state, slug);
              onChange(next);
              // The same sample back to its default: its editor takes the JSON as an undoable
              // command (another sample gets an editor of its own through the key).
              if (next.active === state.active) {
                editorRef.current?.replaceDocument(activeSample(next).json, 'reset');
              }
            }}
          >
            Reset
          </Button>
        </div>
      }
    >
      <DeferredCodeEditor
        key={current.name}
        shown={open}
        mode="json"
        label={`Sample data "${current.name}" (JSON)`}
        defaultValue={current.json}
        handleRef={editorRef}
        onChange={(json) => onChange(updateActiveJson(state, json))}
        minHeight="8rem"
      />
      {!parse.ok && (
        <p role="alert" className="text-danger text-xs">
          {parse.message} The preview uses the last valid sample.
        </p>
      )}
    </CollapsibleSection>
  );
});

export interface SampleChipsProps {
  state: SampleState;
  onChange: (state: SampleState) => void;
}

/** One click switches the sample the preview uses. */
export const SampleChips = memo(function SampleChips({ state, onChange }: SampleChipsProps) {
  return (
    <div role="group" aria-label="Samples" className="flex flex-wrap items-center gap-1.5">
      <span className="text-muted text-xs">Sample:</span>
      {state.samples.map((sample) => (
        <button
          key={sample.name}
          type="button"
          aria-pressed={sample.name === state.active}
          onClick={() => onChange({ ...state, active: sample.name })}
          className={cn(
            'rounded-full border px-2.5 py-0.5 text-xs font-medium',
            sample.name === state.active
              ? 'border-accent bg-accent-soft text-fg'
              : 'border-border text-muted hover:text-fg',
          )}
        >
          {sample.name}
        </button>
      ))}
    </div>
  );
});

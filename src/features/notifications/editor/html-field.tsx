import type { Diagnostic } from '@codemirror/lint';
import { startTransition, useCallback, useEffect, useRef, useState, type Ref } from 'react';
import { CodeEditor, type CodeEditorHandle } from './code-editor';
import { SegmentedControl, type SegmentedOption } from '../../../components/ui/segmented-control';
import type { OfferedVariable } from './template-variables';
import { BlockPanel } from '../visual/panels/block-panel';
import { BlockSelection } from '../visual/edits/block-selection';
import type { CanvasInline } from '../visual/view/canvas-inline';
import type { TranslatorReference } from '../translations/translator-reference';
import { VisualCanvas, type VisualCanvasProps } from '../visual/panels/visual-canvas';
import type { DocumentPort, LayoutDrawer } from '../visual/view/canvas-port';

export interface HtmlFieldProps {
  /** The document the code editor starts with (it owns it from then on). */
  defaultValue: string;
  onChange: (value: string) => void;
  describedBy?: string;
  diagnostics: readonly Diagnostic[];
  sampleData: unknown;
  /** Variables no sample has: their canvas chips are marked. */
  unknownPaths: ReadonlySet<string>;
  /** The sample's variables (computed once by the editor), offered in the visual mode. */
  variables: readonly OfferedVariable[];
  onFocus: () => void;
  /** Code or Visual; the page owns it, as it lays itself out for it (the canvas wants width). */
  mode: Mode;
  onModeChange: (mode: Mode) => void;
  handleRef: Ref<CodeEditorHandle>;
  /** Set when a translation is edited: Visual offers its default side by side (issue 28). */
  translatorReference?: TranslatorReference;
  /** Draws the template's layout around the canvas's content (editor/layout-parts.tsx). */
  layout?: VisualCanvasProps['layout'];
  /** How the canvas sees the document (a layout's keeps its `{{ content }}`); as is if unset. */
  canvasPort?: (document: DocumentPort) => DocumentPort;
  /** Drawn after each drawing of the canvas (a layout's content placeholder). */
  canvasDecorate?: LayoutDrawer;
}

export type Mode = 'code' | 'visual';
const MODES: readonly SegmentedOption<Mode>[] = [
  { value: 'code', label: 'Code' },
  { value: 'visual', label: 'Visual' },
];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

const NO_DATA: Record<string, unknown> = {};

/**
 * The HTML version in Code or Visual mode, over one document: the code editor stays mounted
 * (hidden in Visual mode) and every visual edit is a transaction of it, so both modes share one
 * undo history and switching never rewrites a byte (decision 010).
 */
export function HtmlField({
  handleRef,
  sampleData,
  unknownPaths,
  variables,
  mode,
  onModeChange: setMode,
  translatorReference,
  layout,
  canvasPort,
  canvasDecorate,
  ...props
}: HtmlFieldProps) {
  const codeAt = useRef<number | null>(null);
  const code = useRef<CodeEditorHandle | null>(null);
  // Set while the visual mode is shown: a variable from the panel goes to the canvas's caret.
  const inline = useRef<CanvasInline | null>(null);
  const [selection] = useState(() => new BlockSelection());
  const setHandle = useCallback(
    (handle: CodeEditorHandle | null) => {
      code.current = handle;
      assignRef(
        handleRef,
        handle && {
          ...handle,
          insert: (text) => {
            if (inline.current) inline.current.insertSnippet(text);
            else handle.insert(text);
          },
          // In Visual mode a place (a check's finding) is shown on the canvas.
          focusAt: (offset) =>
            mode === 'visual' ? selection.revealAt(offset) : handle.focusAt(offset),
        },
      );
    },
    [handleRef, selection, mode],
  );

  // The canvas reads the one document from the code editor when it is ready (decision 037).
  const port = useCallback(
    () => (code.current && canvasPort ? canvasPort(code.current) : code.current),
    [canvasPort],
  );

  // "Edit in code" from a locked island: the cursor goes there once the code is shown.
  useEffect(() => {
    if (mode !== 'code' || codeAt.current === null) return;
    code.current?.focusAt(codeAt.current);
    codeAt.current = null;
  }, [mode]);

  return (
    <div className="flex flex-col gap-2">
      <SegmentedControl label="HTML editing mode" options={MODES} value={mode} onChange={setMode} />
      <div hidden={mode === 'visual'}>
        <CodeEditor
          mode="liquid-html"
          label="HTML version"
          sampleData={sampleData}
          handleRef={setHandle}
          minHeight="20rem"
          {...props}
          // In the visual mode the canvas is the typing's feedback: the form (and what follows
          // it) renders at transition priority, so the keystroke's frame is painted first
          // (decision 018); react-hook-form's value itself is current at once.
          onChange={
            mode === 'visual'
              ? (next) => startTransition(() => props.onChange(next))
              : props.onChange
          }
        />
      </div>
      {mode === 'visual' && (
        // The panel sits beside the canvas when the field is wide enough, under it otherwise.
        <div className="@container">
          <div className="grid gap-3 @3xl:grid-cols-[minmax(0,1fr)_16rem] @3xl:items-start">
            <VisualCanvas
              port={port}
              sampleData={isRecord(sampleData) ? sampleData : NO_DATA}
              unknownPaths={unknownPaths}
              variables={variables}
              inlineRef={inline}
              onFocus={props.onFocus}
              selection={selection}
              translatorReference={translatorReference}
              layout={layout}
              decorate={canvasDecorate}
              openCode={(offset) => {
                codeAt.current = offset;
                setMode('code');
              }}
              treeChanged={(tree) => selection.treeChanged(tree)}
            />
            {/* Beside the canvas it stays in view while the canvas scrolls under it. */}
            <div className="@3xl:sticky @3xl:top-18">
              <BlockPanel selection={selection} variables={variables} />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}

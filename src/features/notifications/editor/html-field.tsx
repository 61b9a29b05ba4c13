import type { Diagnostic } from '@codemirror/lint';
import {
  startTransition,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type Ref,
} from 'react';
import type { CodeEditorHandle } from './code-editor';
import { LazyCodeEditor } from './lazy-code-editor';
import { createTemplateDocument, documentPort } from './template-document';
import { SegmentedControl, type SegmentedOption } from '../../../components/ui/segmented-control';
import type { OfferedVariable } from './template-variables';
import { BlockPanel } from '../visual/panels/block-panel';
import { BlockSelection } from '../visual/edits/block-selection';
import type { CanvasInline } from '../visual/view/canvas-inline';
import type { TranslatorReference } from '../translations/translator-reference';
import { VisualCanvas, type VisualCanvasProps } from '../visual/panels/visual-canvas';
import type { DocumentPort, LayoutDrawer } from '../visual/view/canvas-port';

export interface HtmlFieldProps {
  /** Where the document starts; its owner (template-document.ts) holds it from then on. */
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

const NO_DATA: Record<string, unknown> = {};

/**
 * The HTML version in Code or Visual mode, over one document with one owner
 * (template-document.ts, decision 083): the canvas and the code view are its views, so both
 * modes share one undo history and switching never rewrites a byte (decision 010). The code
 * view (CodeMirror's view) is fetched when Code is first shown, then stays mounted (hidden in
 * Visual mode) with its cursor and scroll.
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
  const { defaultValue, onChange } = props;
  const [document] = useState(() => createTemplateDocument(defaultValue));
  // Where the code's cursor goes once the code view is shown ("edit in code", a finding).
  const codeAt = useRef<number | null>(null);
  const code = useRef<CodeEditorHandle | null>(null);
  // Set while the visual mode is shown: a variable from the panel goes to the canvas's caret.
  const inline = useRef<CanvasInline | null>(null);
  const [selection] = useState(() => new BlockSelection());
  const [codeShown, setCodeShown] = useState(mode === 'code');
  if (mode === 'code' && !codeShown) setCodeShown(true);

  // The form follows the owner. In the visual mode the canvas is the typing's feedback: the form
  // (and what follows it) renders at transition priority, so the keystroke's frame is painted
  // first (decision 018); react-hook-form's value itself is current at once.
  const follow = useRef({ onChange, mode });
  useEffect(() => {
    follow.current = { onChange, mode };
  });
  useEffect(
    () =>
      documentPort(document).subscribe((next) => {
        const { onChange: tell, mode: now } = follow.current;
        if (now === 'visual') startTransition(() => tell(next));
        else tell(next);
      }),
    [document],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      ...documentPort(document),
      replaceDocument: document.replaceDocument,
      insert: (text) => {
        if (inline.current) inline.current.insertSnippet(text);
        else if (code.current) code.current.insert(text);
        else document.insert(text);
      },
      // In Visual mode a place (a check's finding) is shown on the canvas; in Code mode the
      // cursor goes there, once the code view has arrived.
      focusAt: (offset) => {
        if (mode === 'visual') selection.revealAt(offset);
        else if (code.current) code.current.focusAt(offset);
        else codeAt.current = offset;
      },
    }),
    [document, selection, mode],
  );
  const setCode = useCallback((handle: CodeEditorHandle | null) => {
    code.current = handle;
    if (handle && codeAt.current !== null) {
      handle.focusAt(codeAt.current);
      codeAt.current = null;
    }
  }, []);

  // The canvas sees the one document through its port (a layout's keeps its `{{ content }}`).
  const port = useCallback(
    () => (canvasPort ? canvasPort(documentPort(document)) : documentPort(document)),
    [canvasPort, document],
  );

  // "Edit in code" from a locked island: the cursor goes there once the code is shown.
  useEffect(() => {
    if (mode !== 'code' || codeAt.current === null || !code.current) return;
    code.current.focusAt(codeAt.current);
    codeAt.current = null;
  }, [mode]);

  return (
    <div className="flex flex-col gap-2">
      <SegmentedControl label="HTML editing mode" options={MODES} value={mode} onChange={setMode} />
      {codeShown && (
        <div hidden={mode === 'visual'}>
          <LazyCodeEditor
            mode="liquid-html"
            label="HTML version"
            document={document}
            sampleData={sampleData}
            handleRef={setCode}
            minHeight="20rem"
            describedBy={props.describedBy}
            diagnostics={props.diagnostics}
            onFocus={props.onFocus}
          />
        </div>
      )}
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

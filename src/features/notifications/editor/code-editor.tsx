// A CodeMirror 6 editor that owns its document: `defaultValue` is where it starts, every change
// (typing, the visual canvas, a revert, a restored draft, a merge) is a transaction of it, and
// `onChange` reports each new document. Nothing flows back from the form (decision 038's
// amendment). This module (and CodeMirror with it) is loaded on demand by the editor page
// through React.lazy; the grammars follow once the editor has mounted (decision 080).
import { isolateHistory, redo, undo } from '@codemirror/commands';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useContext, useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import {
  attributes,
  contentAttributes,
  createExtensions,
  type EditorMode,
} from './code-editor-setup';
import { differingSpan } from './differing-span';
import { EditorReadOnlyContext } from './read-only-context';

/** Read-only (issue 29) in a compartment: the role may arrive after the editor is built. */
const editability = new Compartment();

/**
 * The grammar and what reads it (code-editor-language.ts), empty until loaded: the editor is
 * usable at once as plain text, and highlighted a moment later (decision 080). One load for
 * every editor of the page, started by the first to mount, so after the first paint.
 */
const languageSlot = new Compartment();
const importLanguage = () => import('./code-editor-language');
let languageModule: ReturnType<typeof importLanguage> | null = null;
function loadLanguage() {
  languageModule ??= importLanguage();
  return languageModule;
}
function editable(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

export interface CodeEditorHandle {
  /** Replaces the selection with `text` and puts the cursor after it. */
  insert: (text: string) => void;
  /** Moves the cursor to a character offset and scrolls it into view. */
  focusAt: (offset: number) => void;
  /**
   * Applies changes made elsewhere (the visual canvas) as one transaction of this document. The
   * history groups typing (`input.type`) and deleting (`delete.*`) as it groups them in the
   * code (adjacent, less than 500 ms apart); any other edit is an undo step of its own.
   */
  apply: (
    changes: readonly { from: number; to: number; insert: string }[],
    userEvent?: string,
  ) => void;
  /**
   * Replaces the whole document with `text` (a revert, a restored draft, a merge, generated
   * text) as one transaction and one undo step of its own, tagged `userEvent`. Only the span
   * that differs is changed, so the cursor and the canvas keep what did not; the same text
   * dispatches nothing.
   */
  replaceDocument: (text: string, userEvent: string) => void;
  /** The document now. */
  doc: () => string;
  /** Calls `listener` with the document after each change of it, inside the dispatch. */
  subscribe: (listener: (doc: string) => void) => () => void;
  undo: () => void;
  redo: () => void;
}

/** User events whose runs the history joins into one step, as CodeMirror's own typing. */
const TYPING = /^(?:input\.type|delete)(?:$|\.)/;

export interface CodeEditorProps {
  /** The document the editor starts with; later changes are commands of its handle. */
  defaultValue: string;
  onChange: (value: string) => void;
  mode: EditorMode;
  /** Accessible name of the editing surface. */
  label: string;
  describedBy?: string;
  placeholder?: string;
  diagnostics?: readonly Diagnostic[];
  sampleData?: unknown;
  onFocus?: () => void;
  minHeight?: string;
  handleRef?: Ref<CodeEditorHandle>;
}

export function CodeEditor({
  defaultValue,
  onChange,
  mode,
  label,
  describedBy,
  placeholder,
  diagnostics,
  sampleData,
  onFocus,
  minHeight = '12rem',
  handleRef,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  // The visual canvas follows the document from here (decision 037).
  const listeners = useRef(new Set<(doc: string) => void>());
  // Callbacks and data change every render; the editor reads them through a ref instead of
  // being rebuilt (which would lose the cursor, the undo history and the search panel).
  const latest = useRef({ onChange, onFocus, sampleData });
  useEffect(() => {
    latest.current = { onChange, onFocus, sampleData };
  });
  const readOnly = useContext(EditorReadOnlyContext);
  const readOnlyNow = useRef(readOnly);
  useEffect(() => {
    readOnlyNow.current = readOnly;
    viewRef.current?.dispatch({ effects: editability.reconfigure(editable(readOnly)) });
  }, [readOnly]);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: defaultValue,
        extensions: [
          editability.of(editable(readOnlyNow.current)),
          createExtensions({
            label,
            describedBy,
            placeholder,
            language: languageSlot.of([]),
            onChange: (next) => {
              for (const listener of listeners.current) listener(next);
              latest.current.onChange(next);
            },
            onFocus: () => latest.current.onFocus?.(),
          }),
        ],
      }),
    });
    viewRef.current = view;
    // Plain text until the grammar is here: `data-language` says which, for whoever waits on it.
    host.dataset.language = 'loading';
    let mounted = true;
    void loadLanguage().then(
      ({ languageExtensions }) => {
        if (!mounted) return;
        view.dispatch({
          effects: languageSlot.reconfigure(
            languageExtensions({ mode, sampleData: () => latest.current.sampleData }),
          ),
        });
        host.dataset.language = 'ready';
      },
      () => {
        // A chunk that did not arrive (the network): the editor stays plain text, and the next
        // editor to mount tries again.
        languageModule = null;
        if (mounted) host.dataset.language = 'unavailable';
      },
    );
    return () => {
      mounted = false;
      view.destroy();
      viewRef.current = null;
    };
    // The initial document, label and description only: later ones arrive through the handle
    // and the effects below, so the editor keeps its cursor, focus and undo history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, placeholder]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: attributes.reconfigure(contentAttributes(label, describedBy)),
    });
  }, [label, describedBy]);

  // Compared by content: a new array with the same errors must not cost every editor an update
  // (and a layout) on each keystroke. Between updates, CodeMirror maps them through the edits.
  const diagnosticsKey = JSON.stringify(diagnostics ?? []);
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const length = view.state.doc.length;
    const clamped = (JSON.parse(diagnosticsKey) as Diagnostic[]).map((d) => ({
      ...d,
      from: Math.min(d.from, length),
      to: Math.min(Math.max(d.to, d.from), length),
    }));
    view.dispatch(setDiagnostics(view.state, clamped));
  }, [diagnosticsKey]);

  useImperativeHandle(
    handleRef,
    () => ({
      insert: (text) => {
        const view = viewRef.current;
        if (!view) return;
        const { from, to } = view.state.selection.main;
        view.dispatch({
          changes: { from, to, insert: text },
          selection: { anchor: from + text.length },
          scrollIntoView: true,
        });
        view.focus();
      },
      focusAt: (offset) => {
        const view = viewRef.current;
        if (!view) return;
        const anchor = Math.min(offset, view.state.doc.length);
        view.dispatch({ selection: { anchor }, scrollIntoView: true });
        view.focus();
      },
      apply: (changes, userEvent = 'input.visual') => {
        viewRef.current?.dispatch({
          changes,
          userEvent,
          // The canvas's edits are exact: the code view's input filters (indent on input, which
          // reindents the line of the code cursor, wherever that was left) must not rewrite them.
          filter: false,
          ...(TYPING.test(userEvent) ? {} : { annotations: isolateHistory.of('full') }),
        });
      },
      replaceDocument: (text, userEvent) => {
        const view = viewRef.current;
        if (!view) return;
        const change = differingSpan(view.state.doc.toString(), text);
        if (change.from === change.to && change.insert === '') return;
        view.dispatch({
          changes: change,
          userEvent,
          annotations: isolateHistory.of('full'),
        });
      },
      doc: () => viewRef.current?.state.doc.toString() ?? '',
      subscribe: (listener) => {
        listeners.current.add(listener);
        return () => {
          listeners.current.delete(listener);
        };
      },
      undo: () => {
        if (viewRef.current) undo(viewRef.current);
      },
      redo: () => {
        if (viewRef.current) redo(viewRef.current);
      },
    }),
    [],
  );

  return (
    <div
      ref={hostRef}
      className="min-w-0 [&_.cm-content]:min-h-(--cm-min) [&_.cm-editor]:max-h-[70vh]"
      style={{ ['--cm-min' as string]: minHeight }}
      data-mode={mode}
    />
  );
}

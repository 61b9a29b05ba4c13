// A CodeMirror 6 code view of a template document (template-document.ts, decision 083): the
// document's owner holds the one state (text, selection, undo history); the view puts its
// extensions into that state, sends every transaction (typing, commands) to the owner and draws
// each new state the owner reports, whoever made it (the Visual canvas, a revert, a restored
// draft, a merge). Given no `document`, the view makes one of its own from `defaultValue` and
// reports each new text through `onChange`. Nothing flows back from the form (decision 038's
// amendment). This module (and CodeMirror's view with it) is loaded on demand through
// `lazy-code-editor.tsx`; the grammars follow once the view has mounted (decision 080).
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useContext, useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import {
  attributes,
  contentAttributes,
  createExtensions,
  type EditorMode,
} from './code-editor-setup';
import { EditorReadOnlyContext } from './read-only-context';
import { createTemplateDocument, documentPort, type TemplateDocument } from './template-document';

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

/** Puts the cursor at OFFSET (clamped to the text), scrolls it into view and focuses the view. */
function focusView(view: EditorView, offset: number) {
  const anchor = Math.min(offset, view.state.doc.length);
  view.dispatch({ selection: { anchor }, scrollIntoView: true });
  view.focus();
}

function editable(readOnly: boolean): Extension {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

export interface CodeEditorHandle extends ReturnType<typeof documentPort> {
  /** Replaces the selection with `text` and puts the cursor after it. */
  insert: (text: string) => void;
  /** Moves the cursor to a character offset and scrolls it into view. */
  focusAt: (offset: number) => void;
  /** The owner's `replaceDocument`: a whole new text as one undo step (template-document.ts). */
  replaceDocument: (text: string, userEvent: string) => void;
}

export interface CodeEditorProps {
  /** The document this view shows; without it the view owns one that starts at `defaultValue`. */
  document?: TemplateDocument;
  /** Where an own document starts; later changes are commands of its handle. */
  defaultValue?: string;
  /** Told each new text of an own document (a shared one's owner tells its host). */
  onChange?: (value: string) => void;
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
  document: shared,
  defaultValue = '',
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
  // A `focusAt` that came before the view: the handle is given in the commit's layout phase, the
  // view is made in an effect after it, so a host that focuses as soon as it has the handle (an
  // "edit in code" that showed the code view for the first time) would otherwise be dropped.
  const focusWaiting = useRef<number | null>(null);
  const [own] = useState(() => (shared ? null : createTemplateDocument(defaultValue)));
  // One of the two is set: a shared document does not change for the life of its view.
  const store = (shared ?? own) as TemplateDocument;
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
    // The view's extensions join the owner's state; the view then follows the owner.
    store.dispatch({
      effects: store.viewSlot.reconfigure([
        editability.of(editable(readOnlyNow.current)),
        createExtensions({
          label,
          describedBy,
          placeholder,
          language: languageSlot.of([]),
          onFocus: () => latest.current.onFocus?.(),
          undo: store.undo,
          redo: store.redo,
        }),
      ]),
    });
    const view = new EditorView({
      parent: host,
      state: store.state,
      dispatchTransactions: (transactions) => store.dispatchTransactions(transactions),
    });
    viewRef.current = view;
    const unsubscribe = store.subscribe((state, transactions) => {
      view.update(transactions);
      // An own document's host hears of its text here (a shared one's hears from the owner).
      if (own && transactions.some((tr) => tr.docChanged)) {
        latest.current.onChange?.(state.doc.toString());
      }
    });
    // Only once the view follows the store: its selection goes through the store, and a view
    // not yet subscribed would miss it and be a state behind from then on (CodeMirror's
    // "transaction that doesn't start from the previous state").
    if (focusWaiting.current !== null) {
      focusView(view, focusWaiting.current);
      focusWaiting.current = null;
    }
    // Plain text until the grammar is here: `data-language` says which, for whoever waits on it.
    host.dataset.language = 'loading';
    let mounted = true;
    void loadLanguage().then(
      ({ languageExtensions }) => {
        if (!mounted) return;
        store.dispatch({
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
      unsubscribe();
      view.destroy();
      viewRef.current = null;
      // The state keeps no trace of a view that is gone (its gutters, keys, grammar).
      store.dispatch({ effects: store.viewSlot.reconfigure([]) });
    };
    // The initial label and description only: later ones arrive through the effects below, so
    // the editor keeps its cursor, focus and undo history.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, placeholder, store]);

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
      ...documentPort(store),
      replaceDocument: store.replaceDocument,
      insert: (text) => {
        store.insert(text);
        viewRef.current?.focus();
      },
      focusAt: (offset) => {
        const view = viewRef.current;
        if (view) focusView(view, offset);
        else focusWaiting.current = offset;
      },
    }),
    [store],
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

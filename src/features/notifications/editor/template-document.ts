// The one owner of a template document (issue 37, decision 083): one CodeMirror `EditorState`
// (the text, its selection and its undo history), transactions in, listeners told of each new
// state. The code view and the Visual canvas are views of it: they send transactions and draw
// what it says. It needs @codemirror/state only, so the canvas can edit and undo without the
// code view (and CodeMirror's view) ever loading; the code view, once shown, puts its own
// extensions into the state through `viewSlot`.
import {
  Compartment,
  EditorState,
  type Extension,
  type Transaction,
  type TransactionSpec,
} from '@codemirror/state';
import { differingSpan } from './differing-span';
import { documentHistory, historyTransaction, isolateHistory } from './document-history';

export interface DocumentChange {
  from: number;
  to: number;
  insert: string;
}

/** Told after each new state, with the transactions that made it (the view's update). */
export type DocumentListener = (state: EditorState, transactions: readonly Transaction[]) => void;

/** User events whose runs the history joins into one step, as CodeMirror's own typing. */
const TYPING = /^(?:input\.type|delete)(?:$|\.)/;

export interface TemplateDocument {
  /** The state now: the text, the selection and the history. */
  readonly state: EditorState;
  /** The text now. */
  doc: () => string;
  /** Applies transactions made from the state now (the code view's); others are refused. */
  dispatchTransactions: (transactions: readonly Transaction[]) => void;
  /** One transaction from a spec (a view's command). */
  dispatch: (spec: TransactionSpec) => void;
  /**
   * Exact changes from elsewhere (the canvas) as one transaction. The history groups typing
   * (`input.type`) and deleting (`delete.*`) as in the code; any other edit is its own step.
   */
  apply: (changes: readonly DocumentChange[], userEvent?: string) => void;
  /**
   * Replaces the whole text (a revert, a restored draft, a merge, generated text) as one
   * transaction and one undo step, tagged `userEvent`. Only the span that differs changes; the
   * same text dispatches nothing.
   */
  replaceDocument: (text: string, userEvent: string) => void;
  /** Replaces the selection with `text` and puts the cursor after it. */
  insert: (text: string) => void;
  subscribe: (listener: DocumentListener) => () => void;
  undo: () => void;
  redo: () => void;
  /** Where a view's own extensions go while it shows the document (the code view's). */
  readonly viewSlot: Compartment;
}

/** A document starting at `text`, with `extensions` in its state (e.g. read-only). */
export function createTemplateDocument(text: string, extensions: Extension = []): TemplateDocument {
  const viewSlot = new Compartment();
  let state = EditorState.create({
    doc: text,
    extensions: [documentHistory(), extensions, viewSlot.of([])],
  });
  const listeners = new Set<DocumentListener>();

  function dispatchTransactions(transactions: readonly Transaction[]) {
    const first = transactions[0];
    const last = transactions.at(-1);
    // A transaction made from an older state would undo what came since: the owner refuses it.
    if (!first || !last || first.startState !== state) return;
    state = last.state;
    for (const listener of [...listeners]) listener(state, transactions);
  }
  const dispatch = (spec: TransactionSpec) => dispatchTransactions([state.update(spec)]);
  const history = (direction: 'undo' | 'redo') => {
    const spec = historyTransaction(state, direction);
    if (spec) dispatch(spec);
  };

  return {
    get state() {
      return state;
    },
    viewSlot,
    doc: () => state.doc.toString(),
    dispatchTransactions,
    dispatch,
    apply: (changes, userEvent = 'input.visual') => {
      if (changes.length === 0) return;
      dispatch({
        changes,
        userEvent,
        // The canvas's edits are exact: the code view's input filters (indent on input, which
        // reindents the line of the code cursor, wherever that was left) must not rewrite them.
        filter: false,
        ...(TYPING.test(userEvent) ? {} : { annotations: isolateHistory.of('full') }),
      });
    },
    replaceDocument: (text, userEvent) => {
      const change = differingSpan(state.doc.toString(), text);
      if (change.from === change.to && change.insert === '') return;
      dispatch({ changes: change, userEvent, annotations: isolateHistory.of('full') });
    },
    insert: (text) => {
      const { from, to } = state.selection.main;
      dispatch({
        changes: { from, to, insert: text },
        selection: { anchor: from + text.length },
        scrollIntoView: true,
      });
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    undo: () => history('undo'),
    redo: () => history('redo'),
  };
}

/** The document as the canvas sees it (visual/view/canvas-port.ts): its text and its changes. */
export function documentPort(document: TemplateDocument) {
  return {
    doc: document.doc,
    apply: document.apply,
    undo: document.undo,
    redo: document.redo,
    subscribe: (listener: (doc: string) => void) =>
      document.subscribe((state, transactions) => {
        if (transactions.some((tr) => tr.docChanged)) listener(state.doc.toString());
      }),
  };
}

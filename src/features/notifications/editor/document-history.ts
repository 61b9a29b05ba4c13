// The undo history of a template document (issue 37, decision 083), as a state field of
// @codemirror/state alone. CodeMirror's own `history()` (@codemirror/commands) brings its view
// with it (a `beforeinput` handler), and the document's owner must not: the Visual canvas undoes
// without the code view ever loading. The grouping is CodeMirror's: typing and deleting join
// the previous step when adjacent to it and less than 500 ms after it, unless a selection moved
// in between or the step is isolated; any other edit is a step of its own.
import {
  Annotation,
  StateField,
  Transaction,
  type ChangeSet,
  type EditorSelection,
  type EditorState,
  type TransactionSpec,
} from '@codemirror/state';

/** Which side of a transaction no other edit joins: as CodeMirror's `isolateHistory`. */
export const isolateHistory = Annotation.define<'before' | 'after' | 'full'>();
/** Marks the transactions of undo and redo themselves. */
const fromHistory = Annotation.define<'undo' | 'redo'>();

/** How long after a keystroke the next one still joins its undo step (CodeMirror's default). */
export const NEW_GROUP_DELAY = 500;
const JOINABLE = /^(?:input\.type|delete)(?:$|\.)/;

interface Step {
  changes: ChangeSet;
  /** What undoes it: applied to the document after it. */
  inverse: ChangeSet;
  selectionBefore: EditorSelection;
  selectionAfter: EditorSelection;
}

interface HistoryValue {
  done: readonly Step[];
  undone: readonly Step[];
  /** When the last step was recorded or extended, in ms (the transaction's time). */
  time: number;
  /** False once the selection moved or an isolated edit passed: the next edit starts a step. */
  joinable: boolean;
}

const EMPTY: HistoryValue = { done: [], undone: [], time: 0, joinable: false };

/** Whether `b` starts where `a` ended or touches what it changed (CodeMirror's rule). */
function adjacent(a: ChangeSet, b: ChangeSet): boolean {
  const ranges: number[] = [];
  a.iterChangedRanges((_f, _t, fromB, toB) => ranges.push(fromB, toB));
  let touches = false;
  b.iterChangedRanges((fromA, toA) => {
    for (let i = 0; i < ranges.length && !touches; i += 2) {
      if (fromA <= (ranges[i + 1] ?? 0) && toA >= (ranges[i] ?? 0)) touches = true;
    }
  });
  return touches;
}

function recorded(value: HistoryValue, tr: Transaction): HistoryValue {
  const origin = tr.annotation(fromHistory);
  // An undo's or redo's transaction carries the history's next value (historyValue).
  if (origin === 'undo' || origin === 'redo') return value;
  const isolate = tr.annotation(isolateHistory);
  if (!tr.docChanged) {
    // A selection that moved between two keystrokes separates them, as in the code view.
    return tr.selection ? { ...value, joinable: false } : value;
  }
  const userEvent = tr.annotation(Transaction.userEvent);
  const time = tr.annotation(Transaction.time) ?? Date.now();
  const last = value.done.at(-1);
  const joins =
    last !== undefined &&
    value.joinable &&
    isolate !== 'before' &&
    isolate !== 'full' &&
    (userEvent === undefined || JOINABLE.test(userEvent)) &&
    time - value.time < NEW_GROUP_DELAY &&
    adjacent(last.changes, tr.changes);
  const step: Step = joins
    ? {
        changes: last.changes.compose(tr.changes),
        inverse: tr.changes.invert(tr.startState.doc).compose(last.inverse),
        selectionBefore: last.selectionBefore,
        selectionAfter: tr.state.selection,
      }
    : {
        changes: tr.changes,
        inverse: tr.changes.invert(tr.startState.doc),
        selectionBefore: tr.startState.selection,
        selectionAfter: tr.state.selection,
      };
  const done = joins ? [...value.done.slice(0, -1), step] : [...value.done, step];
  return {
    done,
    undone: [],
    time,
    joinable: isolate !== 'after' && isolate !== 'full',
  };
}

const historyField = StateField.define<HistoryValue>({
  create: () => EMPTY,
  update: (value, tr) => tr.annotation(historyValue) ?? recorded(value, tr),
});
/** The history's value after an undo or redo, carried by its transaction. */
const historyValue = Annotation.define<HistoryValue>();

/** The extension a document's state needs for undo and redo. */
export function documentHistory() {
  return historyField;
}

/**
 * The transaction that undoes (or redoes) the last step, or null when there is none. Its
 * selection is the one from before the step (after it, for a redo).
 */
export function historyTransaction(
  state: EditorState,
  direction: 'undo' | 'redo',
): TransactionSpec | null {
  const value = state.field(historyField, false);
  if (!value) return null;
  const from = direction === 'undo' ? value.done : value.undone;
  const step = from.at(-1);
  if (!step) return null;
  const rest = from.slice(0, -1);
  const next: HistoryValue =
    direction === 'undo'
      ? { done: rest, undone: [...value.undone, step], time: 0, joinable: false }
      : { done: [...value.done, step], undone: rest, time: 0, joinable: false };
  return {
    changes: direction === 'undo' ? step.inverse : step.changes,
    selection: direction === 'undo' ? step.selectionBefore : step.selectionAfter,
    annotations: [
      fromHistory.of(direction),
      historyValue.of(next),
      Transaction.userEvent.of(direction),
    ],
    scrollIntoView: true,
  };
}

/** How many steps undo and redo have (for tests and a toolbar). */
export function historyDepth(state: EditorState): { undo: number; redo: number } {
  const value = state.field(historyField, false) ?? EMPTY;
  return { undo: value.done.length, redo: value.undone.length };
}

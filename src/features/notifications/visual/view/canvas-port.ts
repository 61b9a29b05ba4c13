// What the canvas editor needs from its host (decision 037): the one document (CodeMirror's
// state, through the code editor's handle) and the callbacks of the visual mode around it.
import type { TemplateTree } from '../model/template-tree';
import type { SourceChange } from '../model/text-source';

/**
 * The one document (CodeMirror's state, decision 037) as the canvas sees it: it reads the text,
 * dispatches transactions and hears of every change, its own included (synchronously, inside
 * the dispatch).
 */
export interface DocumentPort {
  doc: () => string;
  /** One transaction; `userEvent` lets the history group typing as CodeMirror groups it. */
  apply: (changes: readonly SourceChange[], userEvent: string) => void;
  subscribe: (listener: (doc: string) => void) => () => void;
  undo: () => void;
  redo: () => void;
}

export interface CanvasCallbacks {
  /** Opens the code at a source offset (a locked island's "edit in code"). */
  openCode: (offset: number) => void;
  /** The canvas shows a new tree (drawn, or typed into): block selection finds its block again. */
  treeChanged?: (tree: TemplateTree) => void;
  /** Bold or italic asked for by the browser (formatBold/formatItalic, a context menu). */
  format?: (mark: 'bold' | 'italic') => void;
  /** The canvas was drawn again (new chips may need marks). */
  drawn?: () => void;
}

/** Draws something around each fresh drawing of the canvas (a template's layout, issue 38). */
export type LayoutDrawer = (doc: Document, scope: Record<string, unknown>) => void;

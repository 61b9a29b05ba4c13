// The canvas's inline commands (bold, italic, links, chips, inserted variables) and the state
// the toolbar above it shows. Every command is a minimal edit of the source (inline-format.ts,
// chip-edit.ts) applied through the canvas; this class only connects them to the canvas's events.
import type { CanvasEditor } from './canvas-editor';
import { deleteOutput, setFallback } from '../edits/chip-edit';
import {
  hrefOf,
  markAround,
  removeLink,
  setLink,
  toggleMark,
  type InlineEdit,
} from '../edits/inline-format';
import { SNIPPET_TYPE } from '../edits/snippet-drag';
import { allNodes, findNode, type OutputNode, type Span } from '../model/template-tree';
import type { SourceChange } from '../model/text-source';
import { isWholeRange } from '../model/whole-range';

export type InlinePanel =
  { kind: 'link'; href: string; editing: boolean } | { kind: 'chip'; id: string } | null;

export interface InlineState {
  bold: boolean;
  italic: boolean;
  link: boolean;
  panel: InlinePanel;
  /** What the last command could not do, said politely; empty when it worked. */
  message: string;
}

const INITIAL: InlineState = { bold: false, italic: false, link: false, panel: null, message: '' };

function isMod(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey;
}

const NO_CARET = 'Put the cursor in the text first.';

export class CanvasInline {
  /** The last selection in the canvas's text: commands from outside the canvas act on it. */
  private last: Span | null = null;
  private state = INITIAL;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly doc: Document,
    private readonly editor: CanvasEditor,
    private readonly focused: () => void,
  ) {
    doc.addEventListener('selectionchange', this.onSelectionChange);
    doc.addEventListener('keydown', this.onKeyDown);
    doc.addEventListener('click', this.onClick);
    doc.addEventListener('dragover', this.onDragOver);
    doc.addEventListener('drop', this.onDrop);
    doc.addEventListener('focusin', this.focused);
  }

  destroy() {
    this.doc.removeEventListener('selectionchange', this.onSelectionChange);
    this.doc.removeEventListener('keydown', this.onKeyDown);
    this.doc.removeEventListener('click', this.onClick);
    this.doc.removeEventListener('dragover', this.onDragOver);
    this.doc.removeEventListener('drop', this.onDrop);
    this.doc.removeEventListener('focusin', this.focused);
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly snapshot = () => this.state;

  private update(patch: Partial<InlineState>) {
    const next = { ...this.state, ...patch };
    const same = (Object.keys(next) as (keyof InlineState)[]).every(
      (key) => next[key] === this.state[key],
    );
    if (same) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private apply(edit: InlineEdit): boolean {
    if (!edit.ok) {
      this.update({ message: edit.reason });
      return false;
    }
    this.editor.edit(edit.changes, edit.select);
    this.last = edit.select;
    this.update({ message: '', panel: null });
    return true;
  }

  toggle(mark: 'bold' | 'italic') {
    if (!this.last) this.update({ message: NO_CARET });
    else this.apply(toggleMark(this.editor.template, this.last, mark));
  }

  openLink() {
    if (!this.last) {
      this.update({ message: NO_CARET });
      return;
    }
    const tree = this.editor.template;
    const link = markAround(tree, this.last, 'link');
    this.update({
      message: '',
      panel: { kind: 'link', href: link ? hrefOf(tree, link) : '', editing: link !== undefined },
    });
  }

  /** Makes the selection a link, or changes the link's target; false (with a message) if not. */
  setLink(href: string): boolean {
    return this.last !== null && this.apply(setLink(this.editor.template, this.last, href));
  }

  removeLink() {
    if (this.last) this.apply(removeLink(this.editor.template, this.last));
  }

  /** The output a chip shows, while it is in the template. */
  output(id: string): OutputNode | undefined {
    const node = findNode(this.editor.template, id);
    return node?.kind === 'output' ? node : undefined;
  }

  /**
   * What the open panel edits, in the page's viewport: the chip, or the selection a link is
   * for. Null when it is not drawn (the panel then sits under the toolbar).
   */
  panelRect(): DOMRect | null {
    const frame = this.doc.defaultView?.frameElement;
    const panel = this.state.panel;
    if (!frame || !panel) return null;
    let rect: DOMRect | undefined;
    if (panel.kind === 'chip') {
      const selector = `.sc-chip[data-node="${CSS.escape(panel.id)}"]`;
      rect = this.doc.querySelector(selector)?.getBoundingClientRect();
    } else {
      const selection = this.doc.getSelection();
      if (selection && selection.rangeCount > 0)
        rect = selection.getRangeAt(0).getBoundingClientRect();
    }
    if (!rect || (rect.width === 0 && rect.height === 0)) return null;
    const origin = frame.getBoundingClientRect();
    return new DOMRect(
      rect.left + origin.left + frame.clientLeft,
      rect.top + origin.top + frame.clientTop,
      rect.width,
      rect.height,
    );
  }

  /** The canvas's window, which scrolls what the panels point at. */
  get view(): Window | null {
    return this.doc.defaultView;
  }

  /** The chip's tag as written. */
  markupOf(output: OutputNode): string {
    return this.editor.template.source.slice(output.from, output.to);
  }

  setFallback(id: string, value: string | null): boolean {
    const output = this.output(id);
    if (!output) return false;
    const edit = setFallback(this.editor.template.source, output, value);
    if (!edit.ok) {
      this.update({ message: edit.reason });
      return false;
    }
    this.finishChip(output, edit.change);
    return true;
  }

  deleteChip(id: string) {
    const output = this.output(id);
    if (output) this.finishChip(output, deleteOutput(output));
  }

  /** Applies a chip's edit and puts the caret after the chip. */
  private finishChip(output: OutputNode, change: SourceChange) {
    const end = output.to + change.insert.length - (change.to - change.from);
    this.editor.edit([change], { from: end, to: end });
    this.update({ message: '', panel: null });
  }

  /** Inserts raw Liquid (a variable from the panel) at the canvas's caret, or at `at`. */
  insertSnippet(snippet: string, at: Span | null = this.last) {
    if (!at) {
      this.update({ message: NO_CARET });
      return;
    }
    if (!isWholeRange(allNodes(this.editor.template.children), at)) {
      this.update({ message: 'A variable can only replace text that is whole: select less.' });
      return;
    }
    const end = at.from + snippet.length;
    this.editor.edit([{ ...at, insert: snippet }], { from: end, to: end });
    this.last = { from: end, to: end };
    this.update({ message: '' });
  }

  /** Closes a panel and gives the canvas its selection back. */
  close() {
    this.update({ panel: null });
    if (this.last) this.editor.select(this.last);
  }

  private readonly onSelectionChange = () => {
    const span = this.editor.selectedRange();
    // A selection outside the text (a chip, a label) keeps the last one for the toolbar.
    if (!span) return;
    this.last = span;
    const tree = this.editor.template;
    this.update({
      bold: markAround(tree, span, 'bold') !== undefined,
      italic: markAround(tree, span, 'italic') !== undefined,
      link: markAround(tree, span, 'link') !== undefined,
    });
  };

  private readonly onKeyDown = (event: KeyboardEvent) => {
    const chip = this.chipOf(event.target);
    if (chip && (event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      this.openChip(chip);
      return;
    }
    if (!isMod(event) || event.altKey || event.shiftKey) return;
    const key = event.key.toLowerCase();
    if (key === 's') {
      // Keys in the frame never reach the page: its Ctrl/Cmd+S (save) is handed on to it.
      event.preventDefault();
      const { ctrlKey, metaKey, repeat } = event;
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey, metaKey, repeat }));
      return;
    }
    if (key !== 'b' && key !== 'i' && key !== 'k') return;
    event.preventDefault();
    // A key in the canvas acts on the selection as it is now: `selectionchange` comes as a task
    // after the key that moved the caret (End, then Ctrl+B at once bolded the word the caret had
    // left).
    this.onSelectionChange();
    if (key === 'k') this.openLink();
    else this.toggle(key === 'b' ? 'bold' : 'italic');
  };

  private readonly onClick = (event: MouseEvent) => {
    const chip = this.chipOf(event.target);
    if (chip) this.openChip(chip);
  };

  /** The chip an event happened on; elements of the canvas belong to the frame's window. */
  private chipOf(target: EventTarget | null): HTMLElement | null {
    const view = this.doc.defaultView;
    if (!view || !(target instanceof view.Element)) return null;
    return target.closest<HTMLElement>('.sc-chip');
  }

  private openChip(chip: HTMLElement) {
    const id = chip.dataset.node;
    if (id !== undefined) this.update({ message: '', panel: { kind: 'chip', id } });
  }

  private readonly onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer?.types.includes(SNIPPET_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };

  private readonly onDrop = (event: DragEvent) => {
    const snippet = event.dataTransfer?.getData(SNIPPET_TYPE);
    if (!snippet) return;
    // Not the browser's drop: it would insert the Liquid as escaped text.
    event.preventDefault();
    const caret = this.doc.caretPositionFromPoint(event.clientX, event.clientY);
    let at: Span | null = null;
    if (caret) {
      const point = this.doc.createRange();
      point.setStart(caret.offsetNode, caret.offset);
      at = this.editor.sourceRange(point);
    }
    if (at) this.insertSnippet(snippet, { from: at.from, to: at.from });
    else this.update({ message: 'Drop the variable into a text.' });
  };
}

import { changedEnd, editingHost, focusedPart, isElement, isNode } from './canvas-dom';
import { typeText, deleteRange, type InputEdit } from '../edits/canvas-input';
import type { CanvasCallbacks, DocumentPort } from './canvas-port';
import { CanvasPositions } from './canvas-positions';
import { CANVAS_CSS, CanvasRenderer } from './canvas-render';
import { CARET_SIDE_CSS, CaretSide } from './caret-side';
import { PressPoint } from './press-point';
import { BranchChoices } from '../model/frame-branches';
import { editForInput, usesTargetRange } from '../edits/input-edits';
import { installNavigationGuard } from './navigation-guard';
import { parseTemplate } from '../model/parse-template';
import { shiftTextEdit } from '../model/shift-tree';
import {
  allNodes,
  nodesAround,
  type Span,
  type TemplateNode,
  type TemplateTree,
} from '../model/template-tree';
import { applyChange, decodeText, textOffsetAt, type SourceChange } from '../model/text-source';

function indexOf(tree: TemplateTree): Map<string, TemplateNode> {
  return new Map([...allNodes(tree.children)].map((node) => [node.id, node]));
}

function isMod(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey;
}

/**
 * The visual canvas of one template, drawn into a sandboxed iframe's document: a projection of
 * the one document. Every input is handled before the browser applies it (`beforeinput`) and
 * becomes the source edit it means, dispatched as one transaction; the canvas then redraws
 * what changed. Only an IME composition is left to the browser, and read back from the one text
 * it edited when it ends.
 */
export class CanvasEditor {
  private source = '';
  private tree: TemplateTree = { source: '', children: [] };
  private index = new Map<string, TemplateNode>();
  /** DOM text → id of the text node it shows. */
  private texts = new Map<Text, string>();
  /** Id of a text node → the DOM text that shows it (the first repetition's, in a loop). */
  private drawn = new Map<string, Text>();
  /** DOM text of the repetitions after a loop's first → id of the text it repeats. */
  private copies = new Map<Text, string>();
  /** The branch of each frame the admin chose to look at; kept across redraws. */
  private readonly choices = new BranchChoices();
  private scope: Record<string, unknown> = {};
  private port: DocumentPort | null = null;
  private unsubscribe: (() => void) | null = null;
  /** The `&nbsp;` the last key wrote for a trailing space (a source offset). */
  private nbsp: number | null = null;
  private composing = false;
  /** The source offset a composition started at. */
  private composeAt: number | null = null;
  private readonly side: CaretSide;
  private readonly positions: CanvasPositions;
  private readonly press: PressPoint;

  constructor(
    private readonly doc: Document,
    private readonly callbacks: CanvasCallbacks,
  ) {
    const style = doc.createElement('style');
    style.textContent = CANVAS_CSS + CARET_SIDE_CSS;
    doc.head.append(style);
    installNavigationGuard(doc);
    this.positions = new CanvasPositions(doc, () => ({
      source: this.source,
      index: this.index,
      texts: this.texts,
    }));
    this.side = new CaretSide(doc, (text) => this.texts.has(text));
    this.press = new PressPoint(doc);
    doc.addEventListener('beforeinput', this.onBeforeInput);
    doc.addEventListener('compositionstart', this.onCompositionStart);
    doc.addEventListener('compositionend', this.onCompositionEnd);
    doc.addEventListener('keydown', this.onKeyDown);
    doc.addEventListener('click', this.onClick);
  }

  destroy() {
    this.unsubscribe?.();
    this.side.destroy();
    this.press.destroy();
    this.doc.removeEventListener('beforeinput', this.onBeforeInput);
    this.doc.removeEventListener('compositionstart', this.onCompositionStart);
    this.doc.removeEventListener('compositionend', this.onCompositionEnd);
    this.doc.removeEventListener('keydown', this.onKeyDown);
    this.doc.removeEventListener('click', this.onClick);
  }

  /** Shows the document and follows it: every change not made here is drawn again. */
  connect(port: DocumentPort) {
    this.unsubscribe?.();
    this.port = port;
    this.unsubscribe = port.subscribe(this.onDocument);
    this.onDocument(port.doc());
  }

  /** Draws again with other sample data (chips, conditions and loops follow it). */
  setScope(scope: Record<string, unknown>) {
    if (scope === this.scope) return;
    this.scope = scope;
    this.redraw();
  }

  /** Draws the document again as it is (what is drawn around it changed), after any press. */
  redraw() {
    this.press.whenReleased(() => {
      if (this.port) this.draw(this.source);
    });
  }

  /** The document's owner reports a new text: drawn unless it is what the canvas shows. */
  private readonly onDocument = (doc: string) => {
    if (doc === this.source) return;
    const previous = this.source;
    this.nbsp = null;
    this.setSource(doc);
    this.draw(previous);
    this.callbacks.treeChanged?.(this.tree);
  };

  private setSource(source: string) {
    this.source = source;
    this.tree = parseTemplate(source);
    this.index = indexOf(this.tree);
  }

  /**
   * Redraws everything and puts the caret where the source last changed, if it had focus. A
   * drawing of the same source (the snippets or the layout arrived, another branch is shown) puts
   * back the focused chip or switch, or else the caret or selection the admin had, so the next
   * keys land where they put them. Such a drawing never runs during a press (PressPoint), so a
   * click's caret is in place by then.
   */
  private draw(previous: string, caret?: number) {
    const hadFocus = this.doc.hasFocus() && this.doc.activeElement !== this.doc.body;
    const same = hadFocus && caret === undefined && previous === this.source;
    const part = same ? focusedPart(this.doc) : null;
    const kept = same && part === null ? this.selectedRange() : null;
    const { body, head } = this.doc;
    for (const old of [...head.children].slice(1)) old.remove();
    body.replaceChildren();
    for (const name of body.getAttributeNames()) body.removeAttribute(name);
    const renderer = new CanvasRenderer(this.doc, this.tree, this.choices);
    renderer.render(body, head, this.scope);
    this.texts = renderer.texts;
    this.copies = renderer.copies;
    this.drawn = new Map([...this.texts].map(([text, id]) => [id, text]));
    this.callbacks.drawn?.();
    if (caret !== undefined) this.placeCaret(caret);
    else if (hadFocus && previous !== this.source) {
      this.placeCaret(changedEnd(previous, this.source));
    } else if (part !== null) {
      this.doc.querySelector<HTMLElement>(part)?.focus();
    } else if (kept) {
      if (kept.from === kept.to) this.placeCaret(kept.from);
      else this.select(kept);
    }
  }

  private placeCaret(offset: number) {
    const point =
      this.positions.domPoint(offset, 'end') ??
      this.positions.elementPoint(offset) ??
      this.positions.emptiedPoint(offset);
    if (!point) return;
    if (this.doc.activeElement !== point.editable) point.editable.focus();
    this.doc.getSelection()?.collapse(point.text, point.at);
  }

  /** The template the canvas shows. */
  get template(): TemplateTree {
    return this.tree;
  }

  /** The source range of the canvas's selection, if it lies in text the canvas drew. */
  selectedRange(): Span | null {
    const selection = this.doc.getSelection();
    return selection && selection.rangeCount > 0
      ? this.positions.sourceRange(selection.getRangeAt(0))
      : null;
  }

  /** The source range of a DOM range, narrowed to one text when it only touches the next. */
  sourceRange(range: AbstractRange): Span | null {
    return this.positions.sourceRange(range);
  }

  /** Applies a visual command's changes (one undo step) and selects `select` (new offsets). */
  edit(changes: SourceChange[], select?: Span) {
    if (changes.length === 0) return;
    this.commit(changes, 'input.visual');
    if (select) this.select(select);
  }

  /** Selects a source range in the canvas and gives the canvas the focus. */
  select(span: Span) {
    const start = this.positions.domPoint(span.from, 'start');
    const end = this.positions.domPoint(span.to, 'end');
    if (!start || !end) return;
    start.editable.focus();
    this.doc.getSelection()?.setBaseAndExtent(start.text, start.at, end.text, end.at);
  }

  /**
   * Shows changes (relative to the current source) and sends them to the document's owner as one
   * transaction: a change inside one text moves the tree's offsets and rewrites that DOM text
   * only; anything else parses and draws again. The caret goes to `caret` when given. The
   * owner's report of the new text then finds it already shown, so nothing echoes.
   */
  private commit(
    changes: readonly SourceChange[],
    userEvent: string,
    caret?: number,
    /** The browser changed the DOM itself (a composition): draw it all again from the source. */
    redraw = false,
  ) {
    const port = this.port;
    if (!port || changes.length === 0) return;
    const sorted = [...changes].sort((a, b) => b.from - a.from);
    const next = sorted.reduce((text, change) => applyChange(text, change), this.source);
    const previous = this.source;
    const [only] = changes;
    const inPlace = !redraw && changes.length === 1 && only && this.typedInPlace(only, caret);
    if (!inPlace) {
      this.setSource(next);
      this.draw(previous, caret);
      this.callbacks.treeChanged?.(this.tree);
    }
    port.apply(changes, userEvent);
    // The owner may refuse an edit (a layout keeps its `{{ content }}`): its text is drawn.
    const actual = port.doc();
    if (actual !== this.source) {
      const shown = this.source;
      this.setSource(actual);
      this.draw(shown);
      this.callbacks.treeChanged?.(this.tree);
    }
  }

  /** A change inside one drawn text: the tree's nodes move in place, only that text is redrawn. */
  private typedInPlace(change: SourceChange, caret: number | undefined): boolean {
    const text = [...nodesAround(this.tree.children, change)].find((node) => node.kind === 'text');
    const shown = text && this.drawn.get(text.id);
    if (!text || !shown?.isConnected || !shiftTextEdit(this.tree, change)) return false;
    this.source = this.tree.source;
    shown.data = decodeText(this.source.slice(text.from, text.to));
    this.refreshCopies();
    if (caret !== undefined) {
      const editable = editingHost(shown);
      if (editable && this.doc.activeElement !== editable) editable.focus();
      const at = Math.min(textOffsetAt(this.source, text, caret), shown.length);
      this.doc.getSelection()?.collapse(shown, at);
    }
    this.side.update();
    this.callbacks.treeChanged?.(this.tree);
    return true;
  }

  /** Typing in a loop's first repetition shows in the others too, without a redraw. */
  private refreshCopies() {
    const shown = new Map<string, string>();
    for (const [text, id] of this.copies) {
      let value = shown.get(id);
      if (value === undefined) {
        const node = this.index.get(id);
        value = node ? decodeText(this.source.slice(node.from, node.to)) : '';
        shown.set(id, value);
      }
      if (text.data !== value) text.data = value;
    }
  }

  /** Shows another branch of a frame, keeping the keyboard focus on its switch. */
  private showBranch(frame: string, branch: number) {
    const node = this.index.get(frame);
    if (node?.kind !== 'condition' && node?.kind !== 'loop') return;
    this.choices.set(node, this.source, branch);
    this.draw(this.source);
    this.doc
      .querySelector<HTMLElement>(
        `.sc-branch[data-frame="${frame}"][data-branch="${String(branch)}"]`,
      )
      ?.focus();
  }

  /** The selection the input acts on, in source offsets. */
  private inputRange(event: InputEvent): Span | null {
    const selection = this.doc.getSelection();
    const current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined;
    // Word and line deletions (and a spell-check or drop) name their range; typing uses the caret.
    const named = usesTargetRange(event.inputType) ? event.getTargetRanges()[0] : undefined;
    const range = named ?? current;
    return range ? this.positions.sourceRange(range) : null;
  }

  private run(edit: InputEdit | null, userEvent: string) {
    if (!edit) return;
    this.commit(edit.changes, userEvent, edit.caret);
    this.nbsp = edit.nbsp;
  }

  private readonly onBeforeInput = (event: InputEvent) => {
    const type = event.inputType;
    // A composition (dead keys, an IME) is the browser's until it ends; then it is one edit.
    if (type === 'insertCompositionText' || this.composing) return;
    event.preventDefault();
    if (type === 'historyUndo' || type === 'historyRedo') {
      this.nbsp = null;
      if (type === 'historyUndo') this.port?.undo();
      else this.port?.redo();
      return;
    }
    if (type === 'formatBold' || type === 'formatItalic') {
      this.callbacks.format?.(type === 'formatBold' ? 'bold' : 'italic');
      return;
    }
    const span = this.inputRange(event);
    const nbsp = this.nbsp;
    this.nbsp = null;
    const named = span && editForInput(this.tree, span, event, nbsp);
    if (named) this.run(named.edit, named.userEvent);
  };

  private readonly onCompositionStart = () => {
    // A composition typed over a selection: the selected characters go first, as typing's would.
    const span = this.selectedRange();
    if (span && span.from !== span.to) this.run(deleteRange(this.tree, span), 'delete');
    // Where the caret is now, in the source: the browser may put the composed text elsewhere
    // (Chromium moves it out of a link at the link's end), so the canvas does not read it there.
    const caret = this.selectedRange();
    this.composeAt = caret ? caret.from : null;
    this.composing = true;
  };

  /**
   * The composed text (`compositionend`'s data) becomes one edit at the caret the composition
   * started from; whatever the browser did to the DOM meanwhile is drawn again from the source.
   */
  private readonly onCompositionEnd = (event: CompositionEvent) => {
    this.composing = false;
    const at = this.composeAt;
    this.composeAt = null;
    const edit = at === null ? null : typeText(this.tree, { from: at, to: at }, event.data);
    if (edit && event.data !== '') {
      // `input.type`, not `input.type.compose`: CodeMirror joins a compose event with whatever
      // edit came before it, however long ago, since it expects a composition in many steps;
      // this one is a single transaction and groups as a typed letter does.
      this.commit(edit.changes, 'input.type', edit.caret, true);
    } else this.draw(this.source);
  };

  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (this.side.onKeyDown(event)) {
      this.nbsp = null;
      return;
    }
    const key = event.key.toLowerCase();
    if (!isMod(event) || (key !== 'z' && key !== 'y')) return;
    event.preventDefault();
    this.nbsp = null;
    if (key === 'y' || event.shiftKey) this.port?.redo();
    else this.port?.undo();
  };

  private readonly onClick = (event: MouseEvent) => {
    this.nbsp = null;
    const target = isNode(event.target) && isElement(event.target) ? event.target : null;
    const lock = target?.closest<HTMLElement>('.sc-locked-button');
    const branch = target?.closest<HTMLElement>('.sc-branch');
    // Links never navigate the canvas; a locked island opens the code.
    if (target?.closest('a')) event.preventDefault();
    if (lock) this.callbacks.openCode(Number(lock.dataset.offset));
    if (branch?.dataset.frame !== undefined) {
      this.showBranch(branch.dataset.frame, Number(branch.dataset.branch));
    }
  };
}

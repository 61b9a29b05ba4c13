import { CANVAS_CSS, CanvasRenderer } from './canvas-render';
import { BranchChoices } from './frame-branches';
import { shiftTextEdit } from './shift-tree';
import { parseTemplate } from './parse-template';
import { allNodes, type Span, type TemplateNode, type TemplateTree } from './template-tree';
import {
  applyChange,
  decodeText,
  escapeText,
  sourceOffsetAt,
  textChange,
  textOffsetAt,
  type SourceChange,
} from './text-source';
import { isWholeRange } from './whole-range';
import { installNavigationGuard } from './navigation-guard';

export interface CanvasCallbacks {
  /** Applies changes (all relative to the current source) to the one document. */
  change: (changes: SourceChange[]) => void;
  undo: () => void;
  redo: () => void;
  /** Opens the code at a source offset (a locked island's "edit in code"). */
  openCode: (offset: number) => void;
  /** The canvas shows a new tree (drawn, or typed into): block selection finds its block again. */
  treeChanged?: (tree: TemplateTree) => void;
}

/** A structure signature: equal when the same nodes sit in the same places. */
function shapeOf(tree: TemplateTree): string {
  return [...allNodes(tree.children)].map((node) => `${node.id}:${node.kind}`).join(' ');
}

function indexOf(tree: TemplateTree): Map<string, TemplateNode> {
  return new Map([...allNodes(tree.children)].map((node) => [node.id, node]));
}

/** Input the browser may apply itself inside one text: the canvas reads the result back. */
const TYPING = new Set([
  'insertText',
  'insertCompositionText',
  'insertReplacementText',
  'deleteContentBackward',
  'deleteContentForward',
  'deleteWordBackward',
  'deleteWordForward',
  'deleteByCut',
]);

function isMod(event: KeyboardEvent): boolean {
  return event.ctrlKey || event.metaKey;
}

/**
 * The visual canvas of one template, drawn into a sandboxed iframe's document. The source stays
 * the truth: typing is read back from the DOM as minimal text changes, everything else is a
 * change of the source first and a redraw after.
 */
export class CanvasEditor {
  private source = '';
  private tree: TemplateTree = { source: '', children: [] };
  private index = new Map<string, TemplateNode>();
  /** DOM text → id of the text node it shows, for reading typing back. */
  private texts = new Map<Text, string>();
  /** DOM text of the repetitions after a loop's first → id of the text it repeats. */
  private copies = new Map<Text, string>();
  /** The branch of each frame the admin chose to look at; kept across redraws. */
  private readonly choices = new BranchChoices();
  /** Sources this canvas produced, which come back as props later and need no redraw. */
  private echoes: string[] = [];
  private scope: Record<string, unknown> = {};

  constructor(
    private readonly doc: Document,
    private readonly callbacks: CanvasCallbacks,
  ) {
    const style = doc.createElement('style');
    style.textContent = CANVAS_CSS;
    doc.head.append(style);
    installNavigationGuard(doc); // (canvas-rest, decision 038: no click navigates)
    doc.addEventListener('beforeinput', this.onBeforeInput);
    doc.addEventListener('input', this.onInput);
    doc.addEventListener('keydown', this.onKeyDown);
    doc.addEventListener('click', this.onClick);
  }

  destroy() {
    this.doc.removeEventListener('beforeinput', this.onBeforeInput);
    this.doc.removeEventListener('input', this.onInput);
    this.doc.removeEventListener('keydown', this.onKeyDown);
    this.doc.removeEventListener('click', this.onClick);
  }

  /** Shows `source`; a source this canvas just produced is already on screen. */
  show(source: string, scope: Record<string, unknown>) {
    const echo = this.echoes.indexOf(source);
    if (echo !== -1 && scope === this.scope) {
      this.echoes.splice(0, echo + 1);
      return;
    }
    this.echoes = [];
    const previous = this.source;
    this.scope = scope;
    this.setSource(source);
    this.draw(previous);
    this.callbacks.treeChanged?.(this.tree);
  }

  private setSource(source: string) {
    this.source = source;
    this.tree = parseTemplate(source);
    this.index = indexOf(this.tree);
  }

  /** Redraws everything and puts the caret where the source last changed, if it had focus. */
  private draw(previous: string) {
    const hadFocus = this.doc.hasFocus() && this.doc.activeElement !== this.doc.body;
    const { body, head } = this.doc;
    for (const old of [...head.children].slice(1)) old.remove();
    body.replaceChildren();
    for (const name of body.getAttributeNames()) body.removeAttribute(name);
    const renderer = new CanvasRenderer(this.doc, this.tree, this.choices);
    renderer.render(body, head, this.scope);
    this.texts = renderer.texts;
    this.copies = renderer.copies;
    if (hadFocus && previous !== this.source) this.placeCaret(changedEnd(previous, this.source));
  }

  private placeCaret(offset: number) {
    const point = this.domPoint(offset, 'end');
    if (!point) return;
    point.editable.focus();
    this.doc.getSelection()?.collapse(point.text, point.at);
  }

  /** The drawn, editable text position of a source offset; at a boundary, the text on `side`. */
  private domPoint(offset: number, side: 'start' | 'end') {
    let ending: { text: Text; at: number; editable: HTMLElement } | null = null;
    for (const [text, id] of this.texts) {
      const node = this.index.get(id);
      if (!node || offset < node.from || offset > node.to) continue;
      const editable = text.parentElement?.closest<HTMLElement>('[contenteditable="true"]');
      if (!editable) continue;
      const at = Math.min(textOffsetAt(this.source, node, offset), text.length);
      if (side === 'end' || offset < node.to) return { text, at, editable };
      ending ??= { text, at, editable };
    }
    return ending;
  }

  /** The template the canvas shows. */
  get template(): TemplateTree {
    return this.tree;
  }

  /** The source range of the canvas's selection, if it lies in text the canvas drew. */
  selectedRange(): Span | null {
    const selection = this.doc.getSelection();
    return selection && selection.rangeCount > 0 ? this.sourceRange(selection.getRangeAt(0)) : null;
  }

  /** Applies a visual command's changes and selects `select` (offsets of the new source). */
  edit(changes: SourceChange[], select?: Span) {
    this.commit(changes, true);
    if (select) this.select(select);
  }

  /** Selects a source range in the canvas and gives the canvas the focus. */
  select(span: Span) {
    const start = this.domPoint(span.from, 'start');
    const end = this.domPoint(span.to, 'end');
    if (!start || !end) return;
    start.editable.focus();
    this.doc.getSelection()?.setBaseAndExtent(start.text, start.at, end.text, end.at);
  }

  private commit(changes: SourceChange[], redraw: boolean) {
    if (changes.length === 0) return;
    const sorted = [...changes].sort((a, b) => b.from - a.from);
    const next = sorted.reduce((text, change) => applyChange(text, change), this.source);
    const previous = this.source;
    const [only] = changes;
    if (!redraw && changes.length === 1 && only && shiftTextEdit(this.tree, only)) {
      // Typing inside one text: the tree's nodes moved in place, ids and the index stay.
      this.source = next;
      this.echoes.push(next);
      this.callbacks.change(changes);
      this.refreshCopies();
      return;
    }
    const shape = shapeOf(this.tree);
    this.setSource(next);
    this.echoes.push(next);
    this.callbacks.change(changes);
    if (redraw || shapeOf(this.tree) !== shape) this.draw(previous);
    else this.refreshCopies();
    this.callbacks.treeChanged?.(this.tree);
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

  /** Where a DOM position sits in the source, if it is inside a text the canvas drew. */
  private sourcePosition(container: Node, offset: number): number | null {
    if (container.nodeType === Node.TEXT_NODE) {
      const id = this.texts.get(container as Text);
      const node = id === undefined ? undefined : this.index.get(id);
      return node ? sourceOffsetAt(this.source, node, offset) : null;
    }
    // Between children of an element: after the drawn node before it, or before the one after.
    const before = container.childNodes[offset - 1];
    const after = container.childNodes[offset];
    const end = before && this.spanOfDom(before)?.to;
    if (end !== undefined) return end;
    const start = after && this.spanOfDom(after)?.from;
    return start ?? null;
  }

  private spanOfDom(dom: Node): Span | undefined {
    const id = isText(dom) ? this.texts.get(dom) : isElement(dom) ? dom.dataset.node : undefined;
    return id === undefined ? undefined : this.index.get(id);
  }

  /** The source range of a DOM range, narrowed to one text when it only touches the next. */
  sourceRange(range: AbstractRange): Span | null {
    let { startContainer, startOffset, endContainer, endOffset } = range;
    if (isText(startContainer) && isText(endContainer) && startContainer !== endContainer) {
      if (endOffset === 0) {
        endContainer = startContainer;
        endOffset = startContainer.length;
      } else if (startOffset === startContainer.length) {
        startContainer = endContainer;
        startOffset = 0;
      }
    }
    const from = this.sourcePosition(startContainer, startOffset);
    const to = this.sourcePosition(endContainer, endOffset);
    return from === null || to === null || to < from ? null : { from, to };
  }

  /** A range may be replaced when it cuts no node apart other than a text. */
  private isWhole(range: Span): boolean {
    return isWholeRange(this.index.values(), range);
  }

  private readonly onBeforeInput = (event: InputEvent) => {
    const type = event.inputType;
    if (type === 'historyUndo' || type === 'historyRedo') {
      event.preventDefault();
      if (type === 'historyUndo') this.callbacks.undo();
      else this.callbacks.redo();
      return;
    }
    // Chromium gives no target range for some input (typing at a caret): the selection is it.
    const selection = this.doc.getSelection();
    const range: AbstractRange | undefined =
      event.getTargetRanges()[0] ??
      (selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : undefined);
    const inOneText =
      range !== undefined &&
      (range.collapsed ||
        (range.startContainer === range.endContainer && isText(range.startContainer)));
    // Typing inside one text is left to the browser (IME, spellcheck) and read back on input.
    if (TYPING.has(type) && inOneText) return;
    event.preventDefault();
    const span = range && this.sourceRange(range);
    const insert = insertOf(event);
    if (!span || insert === null || !this.isWhole(span)) return;
    this.commit([{ ...span, insert }], true);
  };

  /** Reads what the browser typed back from the DOM, as changes of the source. */
  private readonly onInput = (event: Event) => {
    // Only the edited element's texts can have changed (or left the document).
    const host = isNode(event.target) && isElement(event.target) ? event.target : this.doc.body;
    const changes: SourceChange[] = [];
    for (const [text, id] of this.texts) {
      if (text.isConnected && !host.contains(text)) continue;
      const node = this.index.get(id);
      if (!node) continue;
      const shown = text.isConnected ? text.data : '';
      const change = textChange(this.source, node, shown);
      if (change) changes.push(change);
    }
    // Text the browser put where there was none (an empty cell, between two chips).
    const unknown = [...this.unknownTexts(host)];
    for (const text of unknown) {
      const at = this.sourcePosition(text.parentNode ?? text, indexInParent(text));
      if (at !== null) changes.push({ from: at, to: at, insert: escapeText(text.data) });
    }
    this.commit(changes, false);
    const known = new Set(this.texts.values());
    // Texts read back stay mapped; ones the browser made are drawn again from the source.
    // (A redraw by the commit has already replaced them: those texts are gone from the page.)
    const stray = unknown.some((text) => text.isConnected);
    if (stray || ![...known].every((id) => this.index.has(id))) {
      this.draw(this.source);
    }
  };

  private *unknownTexts(root: Node): Generator<Text> {
    const walker = this.doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!isText(node) || this.texts.has(node) || this.copies.has(node) || node.data === '') {
        continue;
      }
      if (node.parentElement?.closest('.sc-chip, .sc-frame-label, .sc-locked, style')) continue;
      yield node;
    }
  }

  private readonly onKeyDown = (event: KeyboardEvent) => {
    const key = event.key.toLowerCase();
    if (!isMod(event) || (key !== 'z' && key !== 'y')) return;
    event.preventDefault();
    if (key === 'y' || event.shiftKey) this.callbacks.redo();
    else this.callbacks.undo();
  };

  private readonly onClick = (event: MouseEvent) => {
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

function isNode(target: EventTarget | null): target is Node {
  return target !== null && 'nodeType' in target;
}

function isText(node: Node): node is Text {
  return node.nodeType === Node.TEXT_NODE;
}

function isElement(node: Node): node is HTMLElement {
  return node.nodeType === Node.ELEMENT_NODE;
}

/** What an input inserts as source: typed text escaped, a line break as `<br>`; null if not offered. */
function insertOf(event: InputEvent): string | null {
  switch (event.inputType) {
    case 'insertText':
    case 'insertReplacementText':
      return escapeText(event.data ?? event.dataTransfer?.getData('text/plain') ?? '');
    case 'insertFromPaste':
    case 'insertFromDrop':
      return escapeText(event.dataTransfer?.getData('text/plain') ?? '');
    case 'insertParagraph':
    case 'insertLineBreak':
      return '<br>';
    default:
      return event.inputType.startsWith('delete') ? '' : null;
  }
}

function indexInParent(node: Node): number {
  return node.parentNode ? [...node.parentNode.childNodes].indexOf(node as ChildNode) : 0;
}

/** The end of the changed run in `next`, as an offset of `next`. */
function changedEnd(previous: string, next: string): number {
  let suffix = 0;
  const limit = Math.min(previous.length, next.length);
  while (
    suffix < limit &&
    previous[previous.length - 1 - suffix] === next[next.length - 1 - suffix]
  ) {
    suffix++;
  }
  return next.length - suffix;
}

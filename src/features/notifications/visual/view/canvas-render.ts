// Draws a template's tree into the canvas frame's document: texts, chips, elements with their
// attributes filtered, and if/for frames; the marks for what is not edited in place are in
// canvas-marks.ts, frame labels in frame-label.ts, the canvas's own styles in canvas-css.ts.
import { renderFragment } from '../../editor/render-template';
import { make, type Drawing } from './drawing';
import {
  commentMarker,
  insecureImage,
  lockBox,
  TABLE_SECTIONS,
  wrapForTable,
} from './canvas-marks';
import {
  BranchChoices,
  loopItems,
  repetitionScopes,
  sampleBranch,
  viewableBranches,
  type Scope,
} from '../model/frame-branches';
import { frameLabel } from './frame-label';
import { hasText, isEmptiedTextBlock, isInline } from '../model/inline-nodes';
import type {
  ConditionNode,
  ElementNode,
  LockedNode,
  LoopNode,
  TemplateNode,
  TemplateTree,
} from '../model/template-tree';
import { decodeText } from '../model/text-source';
import { isInsecureUrl, safeAttribute } from '../model/url-filter';

// Where the input core (canvas-input.ts, canvas-editor.ts) has long imported them from.
export { CANVAS_CSS } from './canvas-css';

/** Not shown in the canvas: they carry no content of the message (but a style sheet's link is drawn). */
const HIDDEN = new Set(['title', 'meta', 'link', 'base']);

/** Builds the canvas of a template into a document the dashboard owns (a sandboxed iframe's). */
export class CanvasRenderer implements Drawing {
  /** DOM text → id of the text node it shows, for reading typing back. */
  readonly texts = new Map<Text, string>();
  /** DOM text of a repetition after the first → id of the text it repeats: shown, not edited. */
  readonly copies = new Map<Text, string>();
  /** Read by the drawing helpers; set only while `copying` draws. */
  copyMode = false;
  /** Markers of comments met in a row before any cell, for the row's next cell. */
  private readonly waitingComments: HTMLElement[] = [];

  constructor(
    readonly doc: Document,
    private readonly tree: TemplateTree,
    private readonly choices: BranchChoices = new BranchChoices(),
  ) {}

  /**
   * Liquid rendered in this drawing, per scope: an e-mail repeats the same outputs and attribute
   * values (`{{ shop.email }}`, `mailto:{{ shop.email }}`) in section after section, and each
   * liquidjs render sets up a context of its own (most of the time of opening a canvas).
   */
  private readonly rendered = new WeakMap<Scope, Map<string, string | null>>();

  private fragment(markup: string, scope: Scope): string | null {
    let values = this.rendered.get(scope);
    if (!values) {
      values = new Map();
      this.rendered.set(scope, values);
    }
    if (values.has(markup)) return values.get(markup) ?? null;
    const value = renderFragment(markup, scope);
    values.set(markup, value);
    return value;
  }

  get source(): string {
    return this.tree.source;
  }

  private slice(from: number, to: number): string {
    return this.tree.source.slice(from, to);
  }

  /** Renders the tree into `body` (and its styles into `head`). */
  render(body: HTMLElement, head: HTMLElement, scope: Scope) {
    this.nodes(this.tree.children, body, head, scope, 'div');
  }

  private nodes(
    nodes: readonly TemplateNode[],
    parent: HTMLElement,
    head: HTMLElement,
    scope: Scope,
    context: string,
  ) {
    for (const node of nodes) this.node(node, parent, head, scope, context);
  }

  private node(
    node: TemplateNode,
    parent: HTMLElement,
    head: HTMLElement,
    scope: Scope,
    context: string,
  ) {
    switch (node.kind) {
      case 'text': {
        const text = this.doc.createTextNode(decodeText(this.slice(node.from, node.to)));
        (this.copyMode ? this.copies : this.texts).set(text, node.id);
        parent.append(text);
        return;
      }
      case 'output':
        parent.append(this.chip(node.id, node.from, node.to, node.expression, scope));
        return;
      case 'element':
        this.element(node, parent, head, scope);
        return;
      case 'condition':
      case 'loop':
        this.frame(node, parent, head, scope, context);
        return;
      case 'locked':
        if (node.reason === 'html-comment' && context === 'tr') this.rowComment(node, parent);
        else if (node.reason !== 'doctype') parent.append(lockBox(this, node, context));
        return;
    }
  }

  private chip(id: string, from: number, to: number, expression: string, scope: Scope) {
    const markup = this.slice(from, to);
    const value = this.fragment(markup, scope);
    const shown = value?.trim() ? value : expression;
    const chip = make(this, 'span', 'sc-chip', shown);
    chip.contentEditable = 'false';
    chip.dataset.tip = markup;
    // Copies of a loop's first repetition are drawn, not edited.
    if (this.copyMode) return chip;
    // A button in the tab order: its tooltip (the expression) shows on hover and on focus.
    chip.tabIndex = 0;
    chip.setAttribute('role', 'button');
    chip.setAttribute('aria-label', `${shown}: variable ${markup.trim()}`);
    chip.dataset.node = id;
    return chip;
  }

  private element(node: ElementNode, parent: HTMLElement, head: HTMLElement, scope: Scope) {
    if (HIDDEN.has(node.tag) && !this.isStyleSheetLink(node)) return;
    // The document's own frame: its parts go into the canvas document's.
    if (node.tag === 'html') {
      this.nodes(node.children, parent, head, scope, 'div');
      return;
    }
    if (node.tag === 'head') {
      this.nodes(node.children, head, head, scope, 'head');
      return;
    }
    const values = node.attributes.map((attribute) => {
      const raw = attribute.value ? this.slice(attribute.value.from, attribute.value.to) : '';
      return decodeText(raw.includes('{') ? (this.fragment(raw, scope) ?? '') : raw);
    });
    if (node.tag === 'img') {
      const src = values[node.attributes.findIndex((each) => each.name.toLowerCase() === 'src')];
      if (src !== undefined && isInsecureUrl(src)) {
        parent.append(insecureImage(this, node.id, src));
        return;
      }
    }
    const element = node.tag === 'body' ? parent : this.doc.createElement(node.tag);
    for (const [index, attribute] of node.attributes.entries()) {
      const value = values[index] ?? '';
      if (!safeAttribute(attribute.name, value)) continue;
      try {
        element.setAttribute(attribute.name, value);
      } catch {
        // A name the DOM refuses (`"a"`, `<b`) is shown without it.
      }
    }
    if (!this.copyMode) element.dataset.node = node.id;
    if (node.tag === 'style') {
      // A style sheet is text; its Liquid is rendered, not shown as chips.
      const content = this.slice(node.open.to, node.close?.from ?? node.open.to);
      element.textContent = this.fragment(content, scope) ?? content;
    } else {
      this.nodes(node.children, element, head, scope, node.tag);
      // A row of comments only: their markers still go somewhere they can be reached.
      if (node.tag === 'tr') element.append(...this.waitingComments.splice(0));
      const typable = hasText(node.children) || isEmptiedTextBlock(node);
      if (!this.copyMode && !parent.closest('[contenteditable="true"]') && typable) {
        if (node.children.every(isInline)) element.contentEditable = 'true';
        // Only the code's layout whitespace left (a button's whole label deleted): in a cell
        // of font size 0 (MJML's) it draws nothing, and the browser dropped the caret put there.
        // A drawn line break (no source) gives the caret a line.
        if (element.contentEditable === 'true' && onlyWhitespace(node, this.tree.source)) {
          element.append(lineForCaret(this.doc));
        }
      }
    }
    if (element !== parent) parent.append(element);
    // Comments before a row's first cell: drawn in that cell (a row holds cells only).
    if (element.matches('td, th') && this.waitingComments.length > 0) {
      element.prepend(...this.waitingComments.splice(0));
    }
  }

  /**
   * A comment between the cells of a row: anything else in a row is laid out as a cell of its
   * own and takes a column, so its marker goes into the cell before it (or the next one).
   */
  private rowComment(node: LockedNode, row: HTMLElement) {
    const marker = commentMarker(this, node, 'tr');
    const cell = row.lastElementChild;
    if (cell?.matches('td, th')) cell.append(marker);
    else this.waitingComments.push(marker);
  }

  /** A `<link rel="stylesheet">` (a web font's, as Google Fonts gives it): drawn, so it loads. */
  private isStyleSheetLink(node: ElementNode): boolean {
    if (node.tag !== 'link') return false;
    const rel = node.attributes.find((attribute) => attribute.name.toLowerCase() === 'rel');
    const value = rel?.value ? this.slice(rel.value.from, rel.value.to) : '';
    return /(?:^|\s)stylesheet(?:\s|$)/i.test(value);
  }

  private frame(
    node: ConditionNode | LoopNode,
    parent: HTMLElement,
    head: HTMLElement,
    scope: Scope,
    context: string,
  ) {
    const source = this.tree.source;
    const items = node.kind === 'loop' ? loopItems(node, scope) : [];
    const sample = sampleBranch(node, source, scope, items.length);
    const shown = this.choices.get(node, source) ?? sample ?? viewableBranches(node)[0] ?? 0;
    // A condition's "nothing" (no `else`, or the sample takes no branch) draws its label only.
    const children = node.branches[shown]?.children ?? [];
    // A loop's body is drawn once per item; with none, once without one, so it can be edited.
    const scopes =
      node.kind === 'loop' && shown === 0 && items.length > 0
        ? repetitionScopes(node, items, scope)
        : [scope];
    const label = frameLabel(this, node, shown, sample, items.length);
    const [first, ...copies] = scopes;
    if (context === 'tr' || TABLE_SECTIONS.has(context)) {
      // Rows stay rows: the label is a row (or a cell) of its own before the branch's rows.
      parent.append(wrapForTable(this, label, context));
      this.nodes(children, parent, head, first ?? scope, context);
      for (const copy of copies) {
        const before = new Set(parent.children);
        this.copying(() => {
          this.nodes(children, parent, head, copy, context);
        });
        for (const row of parent.children) if (!before.has(row)) markCopy(row);
      }
      return;
    }
    const inline = node.branches.every((each) => each.children.every(isInline));
    const box = make(
      this,
      inline ? 'span' : 'div',
      `sc-frame${node.kind === 'loop' ? ' sc-loop' : ''}`,
    );
    if (!this.copyMode) box.dataset.node = node.id;
    box.append(label);
    const content = make(this, inline ? 'span' : 'div', 'sc-frame-body');
    this.nodes(children, content, head, first ?? scope, context);
    const editable =
      inline && !this.copyMode && hasText(children) && !parent.closest('[contenteditable="true"]');
    if (editable) content.contentEditable = 'true';
    box.append(content);
    for (const copy of copies) {
      const repetition = make(this, inline ? 'span' : 'div', 'sc-frame-body');
      this.copying(() => {
        this.nodes(children, repetition, head, copy, context);
      });
      box.append(markCopy(repetition));
    }
    parent.append(box);
  }

  /** Draws repetitions after the first: shown, but neither edited nor selected. */
  private copying(draw: () => void) {
    const outer = this.copyMode;
    this.copyMode = true;
    try {
      draw();
    } finally {
      this.copyMode = outer;
    }
  }
}

/** A repetition after the first: quieter, out of reach of the caret, the keyboard and screen readers. */
function markCopy(element: Element): Element {
  element.classList.add('sc-copy');
  element.setAttribute('inert', '');
  element.setAttribute('contenteditable', 'false');
  return element;
}

function onlyWhitespace(node: ElementNode, source: string): boolean {
  return (
    node.children.length > 0 &&
    node.children.every(
      (child) => child.kind === 'text' && /^[ \t\n\r\f]*$/.test(source.slice(child.from, child.to)),
    )
  );
}

/** A line break the canvas draws for the caret: it stands for no source. */
function lineForCaret(doc: Document): HTMLElement {
  const line = doc.createElement('br');
  line.dataset.scCaretLine = '';
  return line;
}

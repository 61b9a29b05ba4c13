import { renderFragment } from '../render-template';
import {
  BranchChoices,
  MAX_REPETITIONS,
  branchLabel,
  loopItems,
  repetitionScopes,
  sampleBranch,
  viewableBranches,
  type Scope,
} from './frame-branches';
import type {
  ConditionNode,
  ElementNode,
  LockedNode,
  LoopNode,
  TemplateNode,
  TemplateTree,
} from './template-tree';
import { decodeText } from './text-source';
import { commentKind, commentLabel } from './comment-kind';
import { insecureImageNote, isInsecureUrl, safeAttribute } from './url-filter';

/** Elements a paragraph can hold: their content is edited in place as one run of text. */
export const INLINE = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'span',
  'small',
  'sup',
  'sub',
  'font',
  'code',
  'br',
  'mark',
]);

/** Not shown in the canvas: they carry no content of the message (but a style sheet's link is drawn). */
const HIDDEN = new Set(['title', 'meta', 'link', 'base']);

const TABLE_SECTIONS = new Set(['table', 'thead', 'tbody', 'tfoot']);

/** Where a comment sits between blocks: a marker in the flow there would take a line. */
const BLOCK_CONTEXTS = new Set(['div', 'body', 'head', 'td', 'th', 'center', 'section', 'article']);

const LOCK_LABELS: Record<LockedNode['reason'], string> = {
  crossing: 'Liquid that opens and closes different elements',
  raw: 'Raw Liquid',
  comment: 'Liquid comment',
  'html-comment': 'HTML comment',
  'odd-markup': 'Markup the browser would repair',
  unsafe: 'Embedded content',
  liquid: 'Liquid tag',
  doctype: 'Doctype',
  unparsable: 'Liquid that does not parse',
};

export function isInline(node: TemplateNode): boolean {
  switch (node.kind) {
    case 'text':
    case 'output':
      return true;
    case 'element':
      return INLINE.has(node.tag) && node.children.every(isInline);
    case 'condition':
    case 'loop':
      return node.branches.every((branch) => branch.children.every(isInline));
    case 'locked':
      return node.reason !== 'crossing' && node.reason !== 'unsafe' && node.reason !== 'unparsable';
  }
}

/** Builds the canvas of a template into a document the dashboard owns (a sandboxed iframe's). */
export class CanvasRenderer {
  /** DOM text → id of the text node it shows, for reading typing back. */
  readonly texts = new Map<Text, string>();
  /** DOM text of a repetition after the first → id of the text it repeats: shown, not edited. */
  readonly copies = new Map<Text, string>();
  private copyMode = false;
  /** Markers of comments met in a row before any cell, for the row's next cell. */
  private readonly waitingComments: HTMLElement[] = [];

  constructor(
    private readonly doc: Document,
    private readonly tree: TemplateTree,
    private readonly choices: BranchChoices = new BranchChoices(),
  ) {}

  private slice(from: number, to: number): string {
    return this.tree.source.slice(from, to);
  }

  private make<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    className: string,
    text?: string,
  ): HTMLElementTagNameMap[K] {
    const element = this.doc.createElement(tag);
    element.className = className;
    if (text !== undefined) element.textContent = text;
    return element;
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
        else if (node.reason !== 'doctype') parent.append(this.lock(node, context));
        return;
    }
  }

  private chip(id: string, from: number, to: number, expression: string, scope: Scope) {
    const markup = this.slice(from, to);
    const value = renderFragment(markup, scope);
    const shown = value?.trim() ? value : expression;
    const chip = this.make('span', 'sc-chip', shown);
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
      return decodeText(raw.includes('{') ? (renderFragment(raw, scope) ?? '') : raw);
    });
    if (node.tag === 'img') {
      const src = values[node.attributes.findIndex((each) => each.name.toLowerCase() === 'src')];
      if (src !== undefined && isInsecureUrl(src)) {
        parent.append(this.insecureImage(node, src));
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
      element.textContent = renderFragment(content, scope) ?? content;
    } else {
      this.nodes(node.children, element, head, scope, node.tag);
      // A row of comments only: their markers still go somewhere they can be reached.
      if (node.tag === 'tr') element.append(...this.waitingComments.splice(0));
      const typable = hasText(node.children) || isEmptiedTextBlock(node);
      if (!this.copyMode && !parent.closest('[contenteditable="true"]') && typable) {
        if (node.children.every(isInline)) element.contentEditable = 'true';
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
    const marker = this.commentMarker(node, 'tr');
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

  /**
   * An `http:` image is not loaded (the dashboard's CSP allows `https:` images only, and a secure
   * page blocks insecure content): a placeholder says so instead of an empty box.
   */
  private insecureImage(node: ElementNode, src: string): HTMLElement {
    const why = insecureImageNote(src);
    const box = this.make('span', 'sc-insecure-image', why);
    box.contentEditable = 'false';
    box.setAttribute('role', 'img');
    box.setAttribute('aria-label', why);
    if (!this.copyMode) box.dataset.node = node.id;
    return box;
  }

  private lock(node: LockedNode, context: string): HTMLElement {
    if (node.reason === 'html-comment') return this.commentMarker(node, context);
    const inline = !['table', 'thead', 'tbody', 'tfoot', 'tr', 'div', 'body', 'td'].includes(
      context,
    );
    const box = this.make(inline ? 'span' : 'div', 'sc-locked');
    box.contentEditable = 'false';
    if (!this.copyMode) box.dataset.node = node.id;
    const button = this.make(
      'button',
      'sc-locked-button',
      `${LOCK_LABELS[node.reason]}: edit in code (line ${node.line})`,
    );
    button.type = 'button';
    button.dataset.offset = String(node.from);
    button.title = this.slice(node.from, Math.min(node.to, node.from + 200));
    box.append(button);
    return this.wrapForTable(box, context);
  }

  /**
   * An HTML comment is no content of the message: a small marker, not a chip that takes a line or
   * a column. Between rows and cells (and between blocks) it is positioned out of the flow, so
   * the table keeps its columns; an Outlook conditional comment says what it is for.
   */
  private commentMarker(node: LockedNode, context: string): HTMLElement {
    const markup = this.slice(node.from, node.to);
    const kind = commentKind(markup);
    const inFlow = !BLOCK_CONTEXTS.has(context) && !TABLE_SECTIONS.has(context) && context !== 'tr';
    const box = this.make('span', `sc-locked sc-comment${inFlow ? '' : ' sc-comment-out'}`);
    box.contentEditable = 'false';
    if (!this.copyMode) box.dataset.node = node.id;
    const button = this.make('button', `sc-locked-button sc-comment-button sc-comment-${kind}`);
    const label = commentLabel(kind);
    button.textContent = label.shown;
    button.type = 'button';
    button.dataset.offset = String(node.from);
    button.title = markup.slice(0, 200);
    button.setAttribute('aria-label', `${label.name}: edit in code (line ${String(node.line)})`);
    box.append(button);
    return box;
  }

  /** Table sections and rows hold rows and cells only: labels go in one of those. */
  private wrapForTable(content: HTMLElement, context: string): HTMLElement {
    if (context !== 'tr' && !TABLE_SECTIONS.has(context)) return content;
    const cell = this.make('td', 'sc-table-label');
    cell.colSpan = 100;
    cell.contentEditable = 'false';
    cell.append(content);
    if (context === 'tr') return cell;
    const row = this.make('tr', '');
    row.append(cell);
    return row;
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
    const label = this.frameLabel(node, shown, sample, items.length);
    const [first, ...copies] = scopes;
    if (context === 'tr' || TABLE_SECTIONS.has(context)) {
      // Rows stay rows: the label is a row (or a cell) of its own before the branch's rows.
      parent.append(this.wrapForTable(label, context));
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
    const box = this.make(
      inline ? 'span' : 'div',
      `sc-frame${node.kind === 'loop' ? ' sc-loop' : ''}`,
    );
    if (!this.copyMode) box.dataset.node = node.id;
    box.append(label);
    const content = this.make(inline ? 'span' : 'div', 'sc-frame-body');
    this.nodes(children, content, head, first ?? scope, context);
    const editable =
      inline && !this.copyMode && hasText(children) && !parent.closest('[contenteditable="true"]');
    if (editable) content.contentEditable = 'true';
    box.append(content);
    for (const copy of copies) {
      const repetition = this.make(inline ? 'span' : 'div', 'sc-frame-body');
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

  /** The frame's label; with more than one branch to see, a switch between them. */
  private frameLabel(
    node: ConditionNode | LoopNode,
    shown: number,
    sample: number | null,
    items: number,
  ): HTMLElement {
    const label = this.make(
      'span',
      node.kind === 'loop' ? 'sc-frame-label sc-loop-label' : 'sc-frame-label',
    );
    label.contentEditable = 'false';
    label.dataset.frame = node.id;
    const viewable = viewableBranches(node);
    const count =
      node.kind === 'loop'
        ? ` (${String(items)} in the sample${items > MAX_REPETITIONS ? `, the first ${String(MAX_REPETITIONS)} shown` : ''})`
        : '';
    if (viewable.length < 2) {
      label.textContent = branchLabel(node, shown) + count;
    } else {
      label.role = 'group';
      label.ariaLabel = `Branch shown: ${branchLabel(node, viewable[0] ?? 0)}`;
      for (const index of viewable) {
        const button = this.make('button', 'sc-branch', branchLabel(node, index));
        if (index === 0) button.append(count);
        button.type = 'button';
        button.ariaPressed = String(index === shown);
        button.dataset.frame = node.id;
        button.dataset.branch = String(index);
        label.append(button);
      }
    }
    const note =
      sample === null
        ? 'this sample shows none of these'
        : sample !== shown
          ? 'not what this sample shows'
          : '';
    if (note) label.append(this.make('span', 'sc-frame-note', note));
    return label;
  }
}

/** A repetition after the first: quieter, out of reach of the caret, the keyboard and screen readers. */
function markCopy(element: Element): Element {
  element.classList.add('sc-copy');
  element.setAttribute('inert', '');
  element.setAttribute('contenteditable', 'false');
  return element;
}

/** Blocks that hold a line of text: emptied (its text all deleted), one still takes the caret. */
const TEXT_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre']);

/** A text block with nothing at all between its tags, as deleting its whole text leaves it. */
function isEmptiedTextBlock(node: TemplateNode): boolean {
  return (
    node.kind === 'element' &&
    node.close !== null &&
    TEXT_BLOCKS.has(node.tag) &&
    node.open.to === node.close.from
  );
}

function hasText(nodes: readonly TemplateNode[]): boolean {
  return nodes.some(
    (node) =>
      node.kind === 'text' ||
      node.kind === 'output' ||
      (node.kind === 'element' && INLINE.has(node.tag)),
  );
}

/** Styles of the canvas's own marks; the template's styles come after and apply as written. */
export const CANVAS_CSS = `
.sc-chip{position:relative;display:inline-block;background:#ede9fe;color:#4c1d95;border-radius:4px;padding:0 4px;font:inherit;line-height:1.3;cursor:pointer;box-shadow:inset 0 0 0 1px #c4b5fd}
.sc-chip:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-chip.sc-unknown{background:#fef3c7;color:#78350f;box-shadow:inset 0 0 0 1px #d97706;text-decoration:underline wavy #d97706}
.sc-chip:hover::after,.sc-chip:focus-visible::after{content:attr(data-tip);position:absolute;left:0;top:calc(100% + 4px);z-index:10;width:max-content;max-width:80vw;font:500 12px/1.4 ui-monospace,monospace;color:#fff;background:#1e293b;border-radius:4px;padding:2px 6px;pointer-events:none}
.sc-frame{position:relative;outline:1px dashed #8b5cf6;outline-offset:2px;margin:6px 0;padding-top:2px}
span.sc-frame{margin:0 2px}
.sc-loop{outline-color:#0d9488}
.sc-frame-label{display:inline-block;max-width:100%;box-sizing:border-box;overflow-wrap:anywhere;white-space:normal;font:600 11px/1.5 system-ui,sans-serif;color:#5b21b6;background:#f5f3ff;border-radius:3px;padding:0 6px;margin:0 4px 2px 0;user-select:none}
.sc-loop-label{color:#115e59;background:#f0fdfa}
.sc-branch{font:inherit;max-width:100%;white-space:normal;overflow-wrap:anywhere;text-align:start;color:inherit;background:transparent;border:1px solid transparent;border-radius:3px;padding:0 6px;margin:1px 2px 1px 0;cursor:pointer}
.sc-branch[aria-pressed="true"]{background:#fff;border-color:currentColor}
.sc-branch:hover{text-decoration:underline}
.sc-branch:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-frame-note{font-weight:400;font-style:italic;margin-left:4px}
span.sc-copy,div.sc-copy,tr.sc-copy>*{opacity:.6}
.sc-copy{cursor:default}
div.sc-copy{border-top:1px dashed #99f6e4}
.sc-table-label{padding:2px 0 !important;background:transparent !important;border:0 !important}
.sc-insecure-image{display:inline-block;max-width:100%;box-sizing:border-box;font:500 12px/1.4 system-ui,sans-serif;color:#78350f;background:#fffbeb;border:1px dashed #d97706;border-radius:4px;padding:8px 10px;overflow-wrap:anywhere}
.sc-locked{display:inline-block}
div.sc-locked{display:block;margin:4px 0}
.sc-locked-button{font:500 12px/1.4 system-ui,sans-serif;color:#78350f;background:#fef3c7;border:1px solid #f59e0b;border-radius:4px;padding:2px 8px;cursor:pointer}
.sc-locked-button:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-comment{position:relative;vertical-align:middle;line-height:1}
.sc-comment-out{position:absolute;z-index:5;width:0;height:0;overflow:visible}
.sc-comment-button{font:500 10px/1.3 system-ui,sans-serif;padding:0 4px;border-radius:8px;white-space:nowrap}
.sc-comment-out .sc-comment-button{position:absolute;left:0;top:0;transform:translateY(-100%)}
.sc-comment-plain{color:#57534e;background:#f5f5f4;border-color:#a8a29e}
[contenteditable="true"]{cursor:text}
[contenteditable="true"]:hover{outline:1px dashed #94a3b8;outline-offset:1px}
[contenteditable="true"]:focus{outline:2px solid #2563eb;outline-offset:1px}
`;

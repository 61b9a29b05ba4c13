import { renderFragment } from '../render-template';
import type {
  Branch,
  ConditionNode,
  ElementNode,
  LockedNode,
  LoopNode,
  TemplateNode,
  TemplateTree,
} from './template-tree';
import { decodeText } from './text-source';

type Scope = Record<string, unknown>;

/** Elements a paragraph can hold: their content is edited in place as one run of text. */
const INLINE = new Set([
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

/** Not shown in the canvas: they carry no content of the message. */
const HIDDEN = new Set(['title', 'meta', 'link', 'base']);

const TABLE_SECTIONS = new Set(['table', 'thead', 'tbody', 'tfoot']);

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

/** Safe to show: no handlers, no script URLs. Everything else of the template is shown. */
function safeAttribute(name: string, value: string): boolean {
  if (name.startsWith('on') || name === 'srcdoc') return false;
  return !/^\s*(?:javascript|vbscript):/i.test(value);
}

/** The first item of a collection in the sample, to show a loop's body with real values. */
function firstItem(collection: string, scope: Scope): unknown {
  let value: unknown = scope;
  for (const key of collection.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return Array.isArray(value) ? value[0] : undefined;
}

function countOf(collection: string, scope: Scope): number {
  const rendered = renderFragment(`{{ ${collection} | size }}`, scope);
  return Number(rendered) || 0;
}

/** Builds the canvas of a template into a document the dashboard owns (a sandboxed iframe's). */
export class CanvasRenderer {
  /** DOM text → id of the text node it shows, for reading typing back. */
  readonly texts = new Map<Text, string>();

  constructor(
    private readonly doc: Document,
    private readonly tree: TemplateTree,
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
        this.texts.set(text, node.id);
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
        if (node.reason !== 'doctype') parent.append(this.lock(node, context));
        return;
    }
  }

  private chip(id: string, from: number, to: number, expression: string, scope: Scope) {
    const markup = this.slice(from, to);
    const value = renderFragment(markup, scope);
    const shown = value?.trim() ? value : expression;
    const chip = this.make('span', 'sc-chip', shown);
    chip.contentEditable = 'false';
    // A button in the tab order: its tooltip (the expression) shows on hover and on focus.
    chip.tabIndex = 0;
    chip.setAttribute('role', 'button');
    chip.setAttribute('aria-label', `${shown}: variable ${markup.trim()}`);
    chip.dataset.tip = markup;
    chip.dataset.node = id;
    return chip;
  }

  private element(node: ElementNode, parent: HTMLElement, head: HTMLElement, scope: Scope) {
    if (HIDDEN.has(node.tag)) return;
    // The document's own frame: its parts go into the canvas document's.
    if (node.tag === 'html') {
      this.nodes(node.children, parent, head, scope, 'div');
      return;
    }
    if (node.tag === 'head') {
      this.nodes(node.children, head, head, scope, 'head');
      return;
    }
    const element = node.tag === 'body' ? parent : this.doc.createElement(node.tag);
    for (const attribute of node.attributes) {
      const raw = attribute.value ? this.slice(attribute.value.from, attribute.value.to) : '';
      const value = decodeText(raw.includes('{') ? (renderFragment(raw, scope) ?? '') : raw);
      if (!safeAttribute(attribute.name, value)) continue;
      try {
        element.setAttribute(attribute.name, value);
      } catch {
        // A name the DOM refuses (`"a"`, `<b`) is shown without it.
      }
    }
    element.dataset.node = node.id;
    if (node.tag === 'style') {
      // A style sheet is text; its Liquid is rendered, not shown as chips.
      const content = this.slice(node.open.to, node.close?.from ?? node.open.to);
      element.textContent = renderFragment(content, scope) ?? content;
    } else {
      this.nodes(node.children, element, head, scope, node.tag);
      if (!parent.closest('[contenteditable="true"]') && hasText(node.children)) {
        if (node.children.every(isInline)) element.contentEditable = 'true';
      }
    }
    if (element !== parent) parent.append(element);
  }

  private lock(node: LockedNode, context: string): HTMLElement {
    const inline = !['table', 'thead', 'tbody', 'tfoot', 'tr', 'div', 'body', 'td'].includes(
      context,
    );
    const box = this.make(inline ? 'span' : 'div', 'sc-locked');
    box.contentEditable = 'false';
    box.dataset.node = node.id;
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
    const inTable = context === 'tr' || TABLE_SECTIONS.has(context);
    const inline = !inTable && node.branches.every((branch) => branch.children.every(isInline));
    node.branches.forEach((branch, index) => {
      const label = this.make('span', 'sc-frame-label', frameLabel(node, branch, index, scope));
      label.contentEditable = 'false';
      label.dataset.frame = node.id;
      const bodyScope = node.kind === 'loop' && index === 0 ? this.loopScope(node, scope) : scope;
      if (inTable) {
        // Rows stay rows: the label is a row (or a cell) of its own before the branch's rows.
        parent.append(this.wrapForTable(label, context));
        this.nodes(branch.children, parent, head, bodyScope, context);
        return;
      }
      const box = this.make(
        inline ? 'span' : 'div',
        `sc-frame${node.kind === 'loop' ? ' sc-loop' : ''}`,
      );
      box.dataset.node = node.id;
      box.append(label);
      const content = this.make(inline ? 'span' : 'div', 'sc-frame-body');
      this.nodes(branch.children, content, head, bodyScope, context);
      const editable =
        inline && hasText(branch.children) && !parent.closest('[contenteditable="true"]');
      if (editable) content.contentEditable = 'true';
      box.append(content);
      parent.append(box);
    });
  }

  private loopScope(node: LoopNode, scope: Scope): Scope {
    return {
      ...scope,
      [node.variable]: firstItem(node.collection, scope),
      forloop: { index: 1, first: true },
    };
  }
}

function hasText(nodes: readonly TemplateNode[]): boolean {
  return nodes.some(
    (node) =>
      node.kind === 'text' ||
      node.kind === 'output' ||
      (node.kind === 'element' && INLINE.has(node.tag)),
  );
}

function frameLabel(
  node: ConditionNode | LoopNode,
  branch: Branch,
  index: number,
  scope: Scope,
): string {
  if (node.kind === 'loop') {
    if (index > 0) return 'When there are none';
    const count = countOf(node.collection, scope);
    return `Repeats for each ${node.variable} in ${node.collection} (${count} in the sample; the first is shown)`;
  }
  switch (branch.tag) {
    case 'if':
      return `Only if ${branch.args}`;
    case 'unless':
      return `Only if not ${branch.args}`;
    case 'elsif':
      return `Otherwise, if ${branch.args}`;
    case 'case':
      return `Depends on ${branch.args}`;
    case 'when':
      return `When ${branch.args}`;
    default:
      return 'Otherwise';
  }
}

/** Styles of the canvas's own marks; the template's styles come after and apply as written. */
export const CANVAS_CSS = `
.sc-chip{position:relative;display:inline-block;background:#ede9fe;color:#4c1d95;border-radius:4px;padding:0 4px;font:inherit;line-height:1.3;cursor:pointer;box-shadow:inset 0 0 0 1px #c4b5fd}
.sc-chip:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
.sc-chip:hover::after,.sc-chip:focus-visible::after{content:attr(data-tip);position:absolute;left:0;top:calc(100% + 4px);z-index:10;width:max-content;max-width:80vw;font:500 12px/1.4 ui-monospace,monospace;color:#fff;background:#1e293b;border-radius:4px;padding:2px 6px;pointer-events:none}
.sc-frame{position:relative;outline:1px dashed #8b5cf6;outline-offset:2px;margin:6px 0;padding-top:2px}
span.sc-frame{margin:0 2px}
.sc-loop{outline-color:#0d9488}
.sc-frame-label{display:inline-block;font:600 11px/1.5 system-ui,sans-serif;color:#5b21b6;background:#f5f3ff;border-radius:3px;padding:0 6px;margin:0 4px 2px 0;user-select:none}
.sc-loop>.sc-frame-label{color:#115e59;background:#f0fdfa}
.sc-table-label{padding:2px 0 !important;background:transparent !important;border:0 !important}
.sc-locked{display:inline-block}
div.sc-locked{display:block;margin:4px 0}
.sc-locked-button{font:500 12px/1.4 system-ui,sans-serif;color:#78350f;background:#fef3c7;border:1px solid #f59e0b;border-radius:4px;padding:2px 8px;cursor:pointer}
.sc-locked-button:focus-visible{outline:2px solid #2563eb;outline-offset:1px}
[contenteditable="true"]{cursor:text}
[contenteditable="true"]:hover{outline:1px dashed #94a3b8;outline-offset:1px}
[contenteditable="true"]:focus{outline:2px solid #2563eb;outline-offset:1px}
`;

/**
 * The visual editor's view of a template: a tree over the source in which every node carries
 * the exact span of source it stands for. Nothing in it is ever printed from a model; the
 * source is the one truth and the tree only says where things are.
 */

/** A half-open range of source offsets, `from` ≤ `to`. */
export interface Span {
  from: number;
  to: number;
}

interface NodeBase extends Span {
  /** Stable while the structure above it stays the same: its path of child indexes. */
  id: string;
}

/** An attribute of an element's start tag, with the span of its value (without quotes). */
export interface AttributeSpan extends Span {
  name: string;
  /** The value's source (between the quotes), or null for a bare attribute (`checked`). */
  value: Span | null;
  quote: '"' | "'" | '';
}

export interface ElementNode extends NodeBase {
  kind: 'element';
  /** Lower-case tag name. */
  tag: string;
  /** `<tag …>` */
  open: Span;
  /** `</tag>`, or null for a void element. */
  close: Span | null;
  attributes: AttributeSpan[];
  /** Liquid inside the start tag (in a value or around attributes). */
  liquidInTag: Span[];
  children: TemplateNode[];
}

/** Source text between markup: HTML text with its entities, never containing Liquid. */
export interface TextNode extends NodeBase {
  kind: 'text';
}

/** `{{ expression | filter … }}` */
export interface OutputNode extends NodeBase {
  kind: 'output';
  /** What is printed, before the filters: `customer.first_name`. */
  expression: string;
  /** The filters as written, without the leading pipe: `default: "there" | upcase`. */
  filters: string;
  /** The literal of a `| default:` filter, with the span of its source (quotes included). */
  fallback: { value: string; span: Span } | null;
}

/** One branch of a frame: its marker tag (`{% if … %}`, `{% else %}`, …) and what follows it. */
export interface Branch extends Span {
  marker: Span;
  /** The tag's name: if, elsif, else, unless, case, when, for. */
  tag: string;
  /** The tag's arguments as written: the condition, the `when` values, the loop. */
  args: string;
  children: TemplateNode[];
}

/** `{% if %}`, `{% unless %}` or `{% case %}` whose tags are all siblings. */
export interface ConditionNode extends NodeBase {
  kind: 'condition';
  tag: 'if' | 'unless' | 'case';
  branches: Branch[];
  close: Span;
}

/** `{% for item in list %}` whose tags are siblings; `branches[0]` is the body, `[1]` the else. */
export interface LoopNode extends NodeBase {
  kind: 'loop';
  variable: string;
  collection: string;
  branches: Branch[];
  close: Span;
}

export type LockedReason =
  | 'crossing'
  | 'raw'
  | 'comment'
  | 'html-comment'
  | 'odd-markup'
  | 'unsafe'
  | 'liquid'
  | 'doctype'
  | 'unparsable';

/** What cannot be edited safely in place: shown as it is, edited in the code. */
export interface LockedNode extends NodeBase {
  kind: 'locked';
  reason: LockedReason;
  /** 1-based line of `from`, for "Edit in code". */
  line: number;
}

export type TemplateNode =
  ElementNode | TextNode | OutputNode | ConditionNode | LoopNode | LockedNode;

export interface TemplateTree {
  source: string;
  children: TemplateNode[];
}

/** Element names that never have content or an end tag. */
export const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** The children a node holds: an element's content, or every branch of a frame in order. */
export function childrenOf(node: TemplateNode): TemplateNode[] {
  if (node.kind === 'element') return node.children;
  if (node.kind === 'condition' || node.kind === 'loop') {
    return node.branches.flatMap((branch) => branch.children);
  }
  return [];
}

/** Every node of the tree, depth first in source order. */
export function* allNodes(nodes: readonly TemplateNode[]): Generator<TemplateNode> {
  for (const node of nodes) {
    yield node;
    yield* allNodes(childrenOf(node));
  }
}

/**
 * The nodes whose span holds `range`, depth first in source order: `allNodes` without the
 * subtrees that cannot hold it (what a keystroke's caret needs, on a tree of thousands).
 */
export function nodesAround(
  nodes: readonly TemplateNode[],
  range: Span,
  found: TemplateNode[] = [],
): TemplateNode[] {
  for (const node of nodes) {
    if (node.from > range.to) break;
    if (node.from <= range.from && range.to <= node.to) {
      found.push(node);
      nodesAround(childrenOf(node), range, found);
    }
  }
  return found;
}

/** The node with this id, if the tree has it. */
export function findNode(tree: TemplateTree, id: string): TemplateNode | undefined {
  for (const node of allNodes(tree.children)) if (node.id === id) return node;
  return undefined;
}

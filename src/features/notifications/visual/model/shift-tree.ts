import type { SourceChange } from './text-source';
import {
  childrenOf,
  nodesAround,
  type Span,
  type TemplateNode,
  type TemplateTree,
} from './template-tree';

/** Characters that can make or end markup or Liquid, or move a locked island's line. */
const STRUCTURAL_EDIT = /[<>{}%\r\n]/;

/** The text node that holds the whole changed range, if any. */
function textHolding(tree: TemplateTree, change: SourceChange): TemplateNode | undefined {
  return nodesAround(tree.children, change).find((node) => node.kind === 'text');
}

function shiftSpan(span: Span, shift: (offset: number) => number) {
  span.from = shift(span.from);
  span.to = shift(span.to);
}

function shiftNode(node: TemplateNode, shift: (offset: number) => number) {
  shiftSpan(node, shift);
  switch (node.kind) {
    case 'element':
      shiftSpan(node.open, shift);
      if (node.close) shiftSpan(node.close, shift);
      for (const attribute of node.attributes) {
        shiftSpan(attribute, shift);
        if (attribute.value) shiftSpan(attribute.value, shift);
      }
      for (const span of node.liquidInTag) shiftSpan(span, shift);
      return;
    case 'output':
      if (node.fallback) shiftSpan(node.fallback.span, shift);
      return;
    case 'condition':
    case 'loop':
      for (const branch of node.branches) {
        shiftSpan(branch, shift);
        shiftSpan(branch.marker, shift);
      }
      shiftSpan(node.close, shift);
      return;
    default:
      return;
  }
}

/** Shifts every node that reaches past `start`; the subtrees before it keep their offsets. */
function shiftAfter(
  nodes: readonly TemplateNode[],
  start: number,
  shift: (offset: number) => number,
) {
  for (const node of nodes) {
    if (node.to <= start) continue;
    shiftNode(node, shift);
    shiftAfter(childrenOf(node), start, shift);
  }
}

/**
 * Applies a change that stays inside one text and cannot make markup or Liquid (typing a word)
 * to the tree in place, by moving every offset after it: what parsing the new source would
 * give, without parsing 20 kB on every key. False (tree untouched) for any other change.
 */
export function shiftTextEdit(tree: TemplateTree, change: SourceChange): boolean {
  const removed = tree.source.slice(change.from, change.to);
  if (STRUCTURAL_EDIT.test(change.insert) || STRUCTURAL_EDIT.test(removed)) return false;
  const text = textHolding(tree, change);
  if (!text) return false;
  const source = tree.source.slice(0, change.from) + change.insert + tree.source.slice(change.to);
  const delta = change.insert.length - (change.to - change.from);
  const content = source.slice(text.from, text.to + delta);
  // An emptied text is no node at all; a `{` left next to a `{` or `%` would start Liquid.
  if (content === '' || /\{[{%]/.test(content) || content.endsWith('{')) return false;
  const start = text.from;
  const end = text.to;
  // Offsets up to the text's start stay; from its end on, they move by the change's length.
  const shift = (offset: number) =>
    offset <= start ? offset : offset >= end ? offset + delta : offset;
  shiftAfter(tree.children, start, shift);
  tree.source = source;
  return true;
}

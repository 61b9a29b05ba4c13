// Which nodes of the tree are inline content and which blocks take typing: what the canvas
// makes editable in place, and what the input and formatting code treat as one run of text.
import type { TemplateNode } from './template-tree';

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

/** Blocks that hold a line of text: emptied (its text all deleted), one still takes the caret. */
const TEXT_BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre']);

/** A text block with nothing at all between its tags, as deleting its whole text leaves it. */
export function isEmptiedTextBlock(node: TemplateNode): boolean {
  return (
    node.kind === 'element' &&
    node.close !== null &&
    TEXT_BLOCKS.has(node.tag) &&
    node.open.to === node.close.from
  );
}

export function hasText(nodes: readonly TemplateNode[]): boolean {
  return nodes.some(
    (node) =>
      node.kind === 'text' ||
      node.kind === 'output' ||
      (node.kind === 'element' && INLINE.has(node.tag)),
  );
}

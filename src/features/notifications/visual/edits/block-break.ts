// Enter and Backspace/Delete at a block's edge, as the editors users trust do them (decision
// 037): Enter in a paragraph, heading, list item, quote or div splits it in two of the same tag;
// Backspace at a block's start merges it into the block before it of the same kind, Delete at
// its end merges the next one in. Pure: source edits computed from the tree.
import { breakLine, deleteRange, type InputEdit } from './canvas-input';
import { INLINE } from '../model/inline-nodes';
import { parseTemplate } from '../model/parse-template';
import type { ElementNode, Span, TemplateNode, TemplateTree } from '../model/template-tree';
import { applyChange, type SourceChange } from '../model/text-source';

/** Blocks Enter splits in two (a table cell, a link or a button label takes a `<br>` instead). */
const SPLITTABLE = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'div']);
/** Inline elements Enter never splits: a label is one element, a `<br>` goes inside it. */
const UNSPLIT_INLINE = new Set(['a', 'button']);
const HEADING = /^h[1-6]$/;
const LAYOUT_RUN = /^[ \t\n\r\f]*[\t\n\r\f][ \t\n\r\f]*$/;

interface Place {
  /** Elements (and frames) whose content holds the offset, outermost first. */
  chain: TemplateNode[];
  /** The children list each chain entry's siblings come from (for a block's neighbours). */
  siblings: TemplateNode[][];
}

/** The elements and frames whose content holds `offset`, outermost first. */
function placeOf(tree: TemplateTree, offset: number): Place {
  const chain: TemplateNode[] = [];
  const siblings: TemplateNode[][] = [];
  let nodes = tree.children;
  for (;;) {
    let next: TemplateNode[] | null = null;
    for (const node of nodes) {
      if (node.kind === 'element' && node.close) {
        if (node.open.to <= offset && offset <= node.close.from) {
          chain.push(node);
          siblings.push(nodes);
          next = node.children;
          break;
        }
      } else if (node.kind === 'condition' || node.kind === 'loop') {
        const branch = node.branches.find((each) => each.marker.to <= offset && offset <= each.to);
        if (branch) {
          chain.push(node);
          siblings.push(nodes);
          next = branch.children;
          break;
        }
      }
    }
    if (!next) return { chain, siblings };
    nodes = next;
  }
}

function isElement(node: TemplateNode | undefined): node is ElementNode {
  return node?.kind === 'element';
}

/** The innermost block holding `offset` and the marks between it and the offset. */
function blockAt(
  tree: TemplateTree,
  offset: number,
  /** Enter keeps a label whole; a merge only needs the block, past any inline element. */
  splitting: boolean,
): { block: ElementNode; marks: ElementNode[]; siblings: TemplateNode[] } | null {
  const { chain, siblings } = placeOf(tree, offset);
  for (let k = chain.length - 1; k >= 0; k--) {
    const node = chain[k];
    if (!isElement(node)) return null; // a Liquid frame inside the block: never cut apart
    if (splitting && UNSPLIT_INLINE.has(node.tag)) return null;
    if (INLINE.has(node.tag)) continue;
    if (!SPLITTABLE.has(node.tag) || !node.close) return null;
    const marks = chain.slice(k + 1).filter(isElement);
    return { block: node, marks, siblings: siblings[k] ?? [] };
  }
  return null;
}

/** An element's start tag without its `id` (an id must stay unique: only the first keeps it). */
function openTagWithoutId(source: string, element: ElementNode): string {
  let tag = source.slice(element.open.from, element.open.to);
  const id = element.attributes.find((attribute) => attribute.name === 'id');
  if (!id) return tag;
  let from = id.from - element.open.from;
  while (from > 0 && /\s/.test(tag[from - 1] ?? '')) from--;
  tag = tag.slice(0, from) + tag.slice(id.to - element.open.from);
  return tag;
}

/** What goes between the two halves: the first's line break and indentation, when it has one. */
function separator(source: string, block: ElementNode): string {
  const lineStart = source.lastIndexOf('\n', block.from - 1) + 1;
  const indent = source.slice(lineStart, block.from);
  return /^[ \t]*$/.test(indent) ? `\n${indent}` : '';
}

/**
 * Enter at a caret in a splittable block: the block is closed there (and the marks open at the
 * caret with it) and opened again with the same start tag, less its `id`; the caret goes to the
 * start of the second. Null where a split would cut a label, a cell or a frame apart.
 */
export function splitBlock(tree: TemplateTree, caret: number): InputEdit | null {
  const found = blockAt(tree, caret, true);
  if (!found) return null;
  const { block, marks } = found;
  const { source } = tree;
  const closing = [...marks].reverse().map((mark) => `</${mark.tag}>`);
  const reopening = marks.map((mark) => openTagWithoutId(source, mark));
  const insert =
    closing.join('') +
    `</${block.tag}>` +
    separator(source, block) +
    openTagWithoutId(source, block) +
    reopening.join('');
  return {
    changes: [{ from: caret, to: caret, insert }],
    caret: caret + insert.length,
    nbsp: null,
  };
}

function compatible(a: string, b: string): boolean {
  return a === b || (HEADING.test(a) && HEADING.test(b));
}

/** The sibling before (after) `node`, past texts of whitespace alone. */
function neighbourBlock(
  source: string,
  siblings: readonly TemplateNode[],
  node: TemplateNode,
  direction: 'backward' | 'forward',
): TemplateNode | undefined {
  const step = direction === 'backward' ? -1 : 1;
  for (let k = siblings.indexOf(node) + step; k >= 0 && k < siblings.length; k += step) {
    const sibling = siblings[k];
    if (sibling?.kind === 'text' && /^[ \t\n\r\f]*$/.test(source.slice(sibling.from, sibling.to)))
      continue;
    return sibling;
  }
  return undefined;
}

/** The code's layout whitespace (a run with a newline or tab) at the end (start) of a piece. */
function layoutAt(piece: string, end: boolean): number {
  const run = (end ? /[ \t\n\r\f]*$/ : /^[ \t\n\r\f]*/).exec(piece)?.[0] ?? '';
  return LAYOUT_RUN.test(run) ? run.length : 0;
}

/**
 * Joins two adjacent blocks: the first's end tag, the second's start tag and the code's layout
 * between their texts go; the first keeps its attributes, the second's are gone with its tag.
 */
function join(source: string, first: ElementNode, second: ElementNode): InputEdit | null {
  if (!first.close || !second.close) return null;
  const from = first.close.from - layoutAt(source.slice(first.open.to, first.close.from), true);
  const to = second.open.to + layoutAt(source.slice(second.open.to, second.close.from), false);
  const changes: SourceChange[] = [{ from, to, insert: '' }];
  // An h2 merged into an h1 becomes part of the h1: its end tag is the first's.
  if (first.tag !== second.tag) {
    changes.push({ ...second.close, insert: source.slice(first.close.from, first.close.to) });
  }
  return { changes, caret: from, nbsp: null };
}

/** Only whitespace and the start (end) tags of marks between the caret and its block's edge. */
const MARK_NAMES = [...INLINE].filter((name) => name !== 'br').join('|');
const ONLY_OPENINGS = new RegExp(`^(?:[ \\t\\n\\r\\f]|<(?:${MARK_NAMES})\\b[^<>]*>)*$`, 'i');
const ONLY_CLOSINGS = new RegExp(`^(?:[ \\t\\n\\r\\f]|</(?:${MARK_NAMES})\\s*>)*$`, 'i');

/**
 * Backspace at the start of a block merges it into the block before it, Delete at the end merges
 * the next one in, when both are of a kind (p and p, a heading and a heading, li and li…) and
 * nothing but whitespace lies between them. Null otherwise: a cell, a chip or a Liquid tag in
 * between, or another kind of block, is never destroyed by a key.
 */
export function mergeBlocks(
  tree: TemplateTree,
  caret: number,
  direction: 'backward' | 'forward',
): InputEdit | null {
  const found = blockAt(tree, caret, false);
  if (!found) return null;
  const { block, siblings } = found;
  const { source } = tree;
  if (!block.close) return null;
  const edge =
    direction === 'backward'
      ? ONLY_OPENINGS.test(source.slice(block.open.to, caret))
      : ONLY_CLOSINGS.test(source.slice(caret, block.close.from));
  if (!edge) return null;
  const other = neighbourBlock(source, siblings, block, direction);
  if (!isElement(other) || !compatible(other.tag, block.tag)) return null;
  return direction === 'backward' ? join(source, other, block) : join(source, block, other);
}

function applied(source: string, changes: readonly SourceChange[]): string {
  return [...changes].sort((a, b) => b.from - a.from).reduce(applyChange, source);
}

/** One change taking `before` to `after`: what lies between their common start and end. */
function difference(before: string, after: string): SourceChange {
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before[start] === after[start]) start++;
  let end = 0;
  while (end < limit - start && before[before.length - 1 - end] === after[after.length - 1 - end]) {
    end++;
  }
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/**
 * Enter (`insertParagraph`): a selection goes first as Delete would take it; then the block is
 * split at the caret, or a `<br>` goes there where no block may be split (a link or button
 * label, a table cell, a Liquid frame inside the block). One change, for one undo step.
 */
export function insertParagraph(tree: TemplateTree, selection: Span): InputEdit | null {
  if (selection.from === selection.to) {
    return splitBlock(tree, selection.from) ?? breakLine(tree, selection);
  }
  const removed = deleteRange(tree, selection);
  if (!removed) return null;
  const rest = parseTemplate(applied(tree.source, removed.changes));
  const caret = { from: removed.caret, to: removed.caret };
  const broken = splitBlock(rest, removed.caret) ?? breakLine(rest, caret);
  if (!broken) return null;
  const after = applied(rest.source, broken.changes);
  return { changes: [difference(tree.source, after)], caret: broken.caret, nbsp: null };
}

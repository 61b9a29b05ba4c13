// What an input in the canvas means as an edit of the source: typing, deleting, a line break,
// computed from the selection in source offsets (decision 037). Pure: the canvas maps the DOM
// selection to source offsets, calls these, and dispatches the result as one transaction.
import { INLINE } from '../model/inline-nodes';
import {
  allNodes,
  childrenOf,
  type Span,
  type TemplateNode,
  type TemplateTree,
} from '../model/template-tree';
import { escapeText, type SourceChange } from '../model/text-source';

/** An edit of the source and where the caret goes (an offset of the edited source). */
export interface InputEdit {
  changes: SourceChange[];
  caret: number;
  /** Where this edit wrote an `&nbsp;` for a typed trailing space, for the next key to undo it. */
  nbsp: number | null;
}

const NBSP = '&nbsp;';
const COLLAPSIBLE = /[ \t\n\r\f]/;
/** Formatting whitespace of the code (a line break, indentation): never part of a selection. */
const LAYOUT_WHITESPACE = /^[ \t\n\r\f]*[\t\n\r\f][ \t\n\r\f]*$/;

function isTextNode(node: TemplateNode): boolean {
  return node.kind === 'text';
}

/** The text nodes of the tree in source order. */
function textsOf(tree: TemplateTree): TemplateNode[] {
  return [...allNodes(tree.children)].filter(isTextNode);
}

/** A tag of a mark or link at the start (end) of a piece of source. */
const OPENING_TAG = /^<\/?([a-z][a-z\d]*)\b[^<>]*>/i;
const CLOSING_TAG = /<\/?([a-z][a-z\d]*)\b[^<>]*>$/i;

function isMarkTag(match: RegExpExecArray | null): match is RegExpExecArray {
  const name = match?.[1]?.toLowerCase() ?? '';
  return name !== 'br' && INLINE.has(name);
}

/**
 * A selection as the admin meant it: without the code's layout whitespace at its ends (Shift+End
 * or a triple click selects to the end of a text node, whose newline and indentation before
 * `</p>` show nothing), and without the tags of a mark or link at its ends (a selection that
 * starts at the end of the text before a link and ends at the end of the link's text is the
 * link's text: replacing it keeps the link).
 */
export function trimLayout(tree: TemplateTree, range: Span): Span {
  if (range.from === range.to) return range;
  let { from, to } = range;
  const { source } = tree;
  for (let step = 0; step < 2; step++) {
    for (;;) {
      const match = OPENING_TAG.exec(source.slice(from, Math.min(to, from + 300)));
      if (!isMarkTag(match)) break;
      from += match[0].length;
    }
    for (;;) {
      const match = CLOSING_TAG.exec(source.slice(Math.max(from, to - 300), to));
      if (!isMarkTag(match)) break;
      to -= match[0].length;
    }
    for (const text of textsOf(tree)) {
      if (text.to === to && text.from < to) {
        const run = /[ \t\n\r\f]*$/.exec(source.slice(Math.max(from, text.from), to))?.[0] ?? '';
        if (run && LAYOUT_WHITESPACE.test(run)) to -= run.length;
      }
      if (text.from === from && from < text.to) {
        const run = /^[ \t\n\r\f]*/.exec(source.slice(from, Math.min(to, text.to)))?.[0] ?? '';
        if (run && LAYOUT_WHITESPACE.test(run)) from += run.length;
      }
    }
    if (to <= from) return { from, to: from };
  }
  return { from, to };
}

/** Inline elements with an end tag: the marks and links a selection may cross. */
function isInlineElement(node: TemplateNode): boolean {
  return node.kind === 'element' && node.close !== null && INLINE.has(node.tag);
}

/**
 * The source pieces a range removes: the range without the tags of the elements it crosses
 * (they stay, so the elements keep their attributes), and without those elements' whole span
 * when their content goes entirely. Null when the range cuts a chip, a frame or a block apart.
 */
function removedPieces(tree: TemplateTree, range: Span, filling = false): Span[] | null {
  const kept: Span[] = [];
  let start = range.from;
  let end = range.to;
  const visit = (nodes: readonly TemplateNode[]): boolean => {
    for (const node of nodes) {
      if (node.to <= range.from || node.from >= range.to) continue;
      if (range.from <= node.from && node.to <= range.to) continue; // removed whole
      if (node.kind === 'text') continue;
      if (node.kind === 'element' && node.close) {
        const content = { from: node.open.to, to: node.close.from };
        const inside = content.from <= range.from && range.to <= content.to;
        if (!inside) {
          // It crosses an end of the range: only a mark or a link may, by its content.
          if (!isInlineElement(node)) return false;
          const startsBefore = node.from < range.from;
          if (startsBefore && range.from < content.from) return false;
          if (!startsBefore && range.to > content.to) return false;
          // Typed text goes where the selection starts: an element it starts in is not emptied.
          const emptied =
            range.from <= content.from &&
            content.to <= range.to &&
            !(filling && startsBefore && range.from === content.from);
          if (emptied) {
            // Nothing of it would be left: it goes whole, tags and all.
            start = Math.min(start, node.from);
            end = Math.max(end, node.to);
            continue;
          }
          kept.push(startsBefore ? node.close : node.open);
        }
        if (!visit(node.children)) return false;
        continue;
      }
      if (node.kind === 'condition' || node.kind === 'loop') {
        const branch = node.branches.find(
          (each) => each.marker.to <= range.from && range.to <= each.to,
        );
        if (!branch || !visit(branch.children)) return false;
        continue;
      }
      return false; // a chip or a locked island cut apart
    }
    return true;
  };
  if (!visit(tree.children)) return null;
  kept.sort((a, b) => a.from - b.from);
  const pieces: Span[] = [];
  let at = start;
  for (const span of kept) {
    if (span.from > at) pieces.push({ from: at, to: span.from });
    at = Math.max(at, span.to);
  }
  if (end > at) pieces.push({ from: at, to: end });
  return pieces;
}

/** The element whose whole content is `range`, if any (innermost): a label replaced whole. */
function elementWithContent(tree: TemplateTree, range: Span): TemplateNode | undefined {
  let found: TemplateNode | undefined;
  for (const node of allNodes(tree.children)) {
    if (node.kind === 'element' && node.close && isInlineElement(node)) {
      if (node.open.to === range.from && node.close.from === range.to) found = node;
    }
  }
  return found;
}

/** The source to insert for typed text at `from`, with spaces HTML would collapse kept visible. */
function typedSource(source: string, from: number, to: number, text: string): string {
  const chars = Array.from(text);
  let previous = source[from - 1] ?? '';
  const shown = chars.map((char, index) => {
    const before = previous;
    previous = char;
    if (char !== ' ') return char;
    const last = index === chars.length - 1;
    const next = last ? (source[to] ?? '') : (chars[index + 1] ?? '');
    // A space after whitespace, at a block's start or before nothing visible would collapse.
    const collapses = COLLAPSIBLE.test(before) || before === '' || !/[^\s<]/.test(next);
    return collapses ? '\u00a0' : ' ';
  });
  let out = escapeText(shown.join(''));
  // A typed `{` next to a kept `{` or `%` would start Liquid: written as an entity.
  if (out.endsWith('{') && /^[{%]/.test(source.slice(to, to + 1)))
    out = `${out.slice(0, -1)}&#123;`;
  if (/^[{%]/.test(out) && source[from - 1] === '{') {
    out = (out.startsWith('{') ? '&#123;' : '&#37;') + out.slice(1);
  }
  return out;
}

/**
 * Replaces the selected characters with typed (or pasted) text: the tags of the elements the
 * range crosses stay, an element whose whole content is replaced keeps its tags and attributes,
 * and the `&nbsp;` this canvas wrote for a trailing space becomes a plain space once a
 * character follows it (`ownNbsp`: where it is, from the previous edit). Null when refused.
 */
export function typeText(
  tree: TemplateTree,
  selection: Span,
  text: string,
  ownNbsp: number | null = null,
): InputEdit | null {
  const range = trimLayout(tree, selection);
  const pieces = removedPieces(tree, range, text !== '');
  if (!pieces) return null;
  const { source } = tree;
  const [first = { from: range.from, to: range.from }, ...rest] = pieces;
  const insert = typedSource(source, first.from, first.to, text);
  let from = first.from;
  let prefix = '';
  const follows = text !== '' && !text.startsWith(' ');
  if (
    follows &&
    ownNbsp !== null &&
    ownNbsp === from - NBSP.length &&
    source.slice(ownNbsp, from) === NBSP &&
    !COLLAPSIBLE.test(source[ownNbsp - 1] ?? ' ')
  ) {
    from = ownNbsp;
    prefix = ' ';
  }
  const changes: SourceChange[] = [
    { from, to: first.to, insert: prefix + insert },
    ...rest.map((piece) => ({ ...piece, insert: '' })),
  ];
  const caret = from + prefix.length + insert.length;
  return {
    changes,
    caret,
    nbsp: insert.endsWith(NBSP) && text.endsWith(' ') ? caret - NBSP.length : null,
  };
}

/** Removes the selected characters (Delete/Backspace on a range, cut); an emptied mark goes. */
export function deleteRange(tree: TemplateTree, selection: Span): InputEdit | null {
  const range = trimLayout(tree, selection);
  const whole = elementWithContent(tree, range);
  const target = whole ? { from: whole.from, to: whole.to } : range;
  const pieces = removedPieces(tree, target);
  if (!pieces) return null;
  return {
    changes: pieces.map((piece) => ({ ...piece, insert: '' })),
    caret: target.from,
    nbsp: null,
  };
}

/** A piece of text source that is one character: an entity, a CRLF, a surrogate pair. */
const LAST_CHAR =
  /(?:&(?:#\d+;?|#x[\da-f]+;?|[a-z][a-z\d]*;)|\r\n|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^])$/i;
const FIRST_CHAR =
  /^(?:&(?:#\d+;?|#x[\da-f]+;?|[a-z][a-z\d]*;)|\r\n|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^])/i;
/** A tag of a mark or link, which a caret steps over when it deletes past a boundary. */
const INLINE_TAG_END = /<\/?([a-z][a-z\d]*)\b[^<>]*>$/i;
const INLINE_TAG_START = /^<\/?([a-z][a-z\d]*)\b[^<>]*>/i;

/**
 * The node (a text, a chip or a `<br>`) ending at `offset`, or starting there, after skipping
 * mark tags and texts of layout whitespace alone.
 */
function neighbour(
  tree: TemplateTree,
  offset: number,
  direction: 'backward' | 'forward',
): { node: TemplateNode; at: number } | null {
  const { source } = tree;
  let at = offset;
  for (;;) {
    const match =
      direction === 'backward'
        ? INLINE_TAG_END.exec(source.slice(Math.max(0, at - 300), at))
        : INLINE_TAG_START.exec(source.slice(at, at + 300));
    const node = [...allNodes(tree.children)].find((candidate) =>
      direction === 'backward'
        ? candidate.to === at && (candidate.kind === 'text' || candidate.kind === 'output')
        : candidate.from === at && (candidate.kind === 'text' || candidate.kind === 'output'),
    );
    // A text of the code's layout alone (the newline and indentation after `</a>`) shows
    // nothing: the caret's neighbour is what comes after it, or nothing at a block's edge.
    const layout =
      node?.kind === 'text' && LAYOUT_WHITESPACE.test(source.slice(node.from, node.to));
    if (node && !layout) return { node, at };
    if (node) {
      at = direction === 'backward' ? node.from : node.to;
      continue;
    }
    if (!match || !INLINE.has((match[1] ?? '').toLowerCase())) return null;
    if (match[1]?.toLowerCase() === 'br') {
      // A line break is a character of the text: the key takes it.
      const br = [...allNodes(tree.children)].find(
        (candidate) =>
          candidate.kind === 'element' &&
          candidate.tag === 'br' &&
          (direction === 'backward' ? candidate.to === at : candidate.from === at),
      );
      return br ? { node: br, at } : null;
    }
    at += direction === 'backward' ? -match[0].length : match[0].length;
  }
}

/** The innermost mark or link whose content is exactly `span`. */
function markHolding(tree: TemplateTree, span: Span): TemplateNode | undefined {
  return elementWithContent(tree, span);
}

/**
 * Backspace or Delete at a caret: one character of the text before (after) it, across the tag
 * of a mark or link if the caret sits at its edge; a chip or a `<br>` as a whole. A mark left
 * empty goes with its tags. Null when there is nothing to delete in this block (its start or end:
 * `block-break.ts` merges blocks there).
 */
export function deleteAtCaret(
  tree: TemplateTree,
  caret: number,
  direction: 'backward' | 'forward',
): InputEdit | null {
  const { source } = tree;
  const inText = [...allNodes(tree.children)].find(
    (node) =>
      node.kind === 'text' &&
      (direction === 'backward'
        ? node.from < caret && caret <= node.to
        : node.from <= caret && caret < node.to),
  );
  // The code's layout whitespace at a text's end (start) shows nothing: the caret is at the end.
  let found: { node: TemplateNode; at: number } | null = inText
    ? { node: inText, at: caret }
    : null;
  if (inText) {
    const rest =
      direction === 'forward' ? source.slice(caret, inText.to) : source.slice(inText.from, caret);
    if (LAYOUT_WHITESPACE.test(rest)) {
      found = neighbour(tree, direction === 'forward' ? inText.to : inText.from, direction);
    }
  } else found = neighbour(tree, caret, direction);
  if (!found) return null;
  const { node, at } = found;
  let span: Span;
  if (node.kind !== 'text')
    span = { from: node.from, to: node.to }; // a chip, a `<br>`
  else if (direction === 'backward') {
    const char = LAST_CHAR.exec(source.slice(node.from, at))?.[0] ?? '';
    span = { from: at - char.length, to: at };
  } else {
    const char = FIRST_CHAR.exec(source.slice(at, node.to))?.[0] ?? '';
    span = { from: at, to: at + char.length };
  }
  if (span.from === span.to) return null;
  // Deleting the last character of a mark's content deletes the mark.
  const parent = parentOf(tree, node);
  if (
    parent &&
    parent.kind === 'element' &&
    parent.close &&
    span.from === parent.open.to &&
    span.to === parent.close.from &&
    markHolding(tree, span)
  ) {
    span = { from: parent.from, to: parent.to };
  }
  return { changes: [{ ...span, insert: '' }], caret: span.from, nbsp: null };
}

function parentOf(tree: TemplateTree, child: TemplateNode): TemplateNode | undefined {
  for (const node of allNodes(tree.children)) {
    if (childrenOf(node).includes(child)) return node;
  }
  return undefined;
}

/** Shift+Enter (and Enter where no block may be split): a `<br>`, replacing the selection. */
export function breakLine(tree: TemplateTree, selection: Span): InputEdit | null {
  const range = trimLayout(tree, selection);
  const pieces = removedPieces(tree, range);
  if (!pieces) return null;
  const [first = { from: range.from, to: range.from }, ...rest] = pieces;
  const changes: SourceChange[] = [
    { ...first, insert: '<br>' },
    ...rest.map((piece) => ({ ...piece, insert: '' })),
  ];
  return { changes, caret: first.from + '<br>'.length, nbsp: null };
}

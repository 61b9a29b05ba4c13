// Bold, italic and links as minimal edits of the source: a selected range is wrapped in a tag or
// let out of one, and nothing else of the template changes (decision 010).
import { checkLiquid } from '../../../../../contract/liquid-check';
import { isInline } from '../model/inline-nodes';
import {
  allNodes,
  nodesAround,
  type ElementNode,
  type Span,
  type TemplateNode,
  type TemplateTree,
} from '../model/template-tree';
import type { SourceChange } from '../model/text-source';
import { isWholeRange } from '../model/whole-range';

export type Mark = 'bold' | 'italic' | 'link';

/** The tags that mean a mark; the first is what the editor writes. */
const MARK_TAGS: Record<Mark, readonly string[]> = {
  bold: ['strong', 'b'],
  italic: ['em', 'i'],
  link: ['a'],
};

/** An edit to apply and what to select after it (offsets of the edited source), or a refusal. */
export type InlineEdit =
  { ok: true; changes: SourceChange[]; select: Span } | { ok: false; reason: string };

function refuse(reason: string): InlineEdit {
  return { ok: false, reason };
}

function contentOf(element: ElementNode): Span {
  return { from: element.open.to, to: element.close?.from ?? element.open.to };
}

function isMarked(node: TemplateNode, mark: Mark): node is ElementNode {
  return node.kind === 'element' && node.close !== null && MARK_TAGS[mark].includes(node.tag);
}

function marked(tree: TemplateTree, mark: Mark): ElementNode[] {
  return [...allNodes(tree.children)].filter((node) => isMarked(node, mark));
}

/** The elements with this mark that hold `range`, outermost first. */
function markedAround(tree: TemplateTree, range: Span, mark: Mark): ElementNode[] {
  return nodesAround(tree.children, range).filter((node) => isMarked(node, mark));
}

/** A selection of a whole marked element (its tags included) means its content. */
function normalise(tree: TemplateTree, range: Span, mark: Mark): Span {
  const whole = markedAround(tree, range, mark).find(
    (element) => element.from === range.from && element.to === range.to,
  );
  return whole ? contentOf(whole) : range;
}

/** The innermost element with this mark whose content holds the range. */
export function markAround(tree: TemplateTree, range: Span, mark: Mark): ElementNode | undefined {
  const span = normalise(tree, range, mark);
  // Depth first in source order: the last one that holds the range is the innermost.
  return markedAround(tree, span, mark)
    .filter((element) => {
      const content = contentOf(element);
      return content.from <= span.from && span.to <= content.to;
    })
    .at(-1);
}

const WORD = /[\p{L}\p{N}_'’-]/u;

/** The word around a caret, when the caret is in a text: what a collapsed selection formats. */
export function wordAt(tree: TemplateTree, offset: number): Span | null {
  const text = [...allNodes(tree.children)].find(
    (node) => node.kind === 'text' && node.from <= offset && offset <= node.to,
  );
  if (!text) return null;
  const { source } = tree;
  let from = offset;
  let to = offset;
  while (from > text.from && WORD.test(source[from - 1] ?? '')) from--;
  while (to < text.to && WORD.test(source[to] ?? '')) to++;
  return from < to ? { from, to } : null;
}

/** Whether the range can be wrapped in an inline element: whole, and only inline content. */
function wrappable(tree: TemplateTree, range: Span): boolean {
  if (!isWholeRange(allNodes(tree.children), range)) return false;
  return [...allNodes(tree.children)].every(
    (node) => node.from < range.from || node.to > range.to || isInline(node),
  );
}

function wrap(range: Span, open: string, close: string): InlineEdit {
  return {
    ok: true,
    changes: [
      { from: range.from, to: range.from, insert: open },
      { from: range.to, to: range.to, insert: close },
    ],
    select: { from: range.from + open.length, to: range.to + open.length },
  };
}

/**
 * Lets a range out of the element around it: the tags move to the range's edges (copied as
 * written, attributes and all), so the rest of the element keeps its mark.
 */
function unwrap(tree: TemplateTree, element: ElementNode, range: Span): InlineEdit {
  const { source } = tree;
  const content = contentOf(element);
  const close = element.close ?? element.open;
  const openTag = source.slice(element.open.from, element.open.to);
  const closeTag = source.slice(close.from, close.to);
  const before = range.from > content.from;
  const after = range.to < content.to;
  const whole = (span: Span) => isWholeRange(allNodes(tree.children), span);
  if (
    (before && !whole({ from: content.from, to: range.from })) ||
    (after && !whole({ from: range.to, to: content.to }))
  ) {
    return refuse('Select text that is not inside another format, or select all of it.');
  }
  const length = range.to - range.from;
  const changes: SourceChange[] = [];
  let start: number;
  if (before) {
    changes.push({ from: range.from, to: range.from, insert: closeTag });
    start = range.from + closeTag.length;
  } else {
    changes.push({ from: element.open.from, to: element.open.to, insert: '' });
    start = element.open.from;
  }
  if (after) changes.push({ from: range.to, to: range.to, insert: openTag });
  else changes.push({ from: close.from, to: close.to, insert: '' });
  return { ok: true, changes, select: { from: start, to: start + length } };
}

const CUT_APART =
  'This selection cuts a formatted part, a variable or an “Only if” frame apart: select text inside it, or all of it.';

/** Range to format: the selection, or the word at a caret. */
function targetOf(tree: TemplateTree, selection: Span): Span | null {
  return selection.from === selection.to ? wordAt(tree, selection.from) : selection;
}

/** Bold or italic on, or off when the range already has it. */
export function toggleMark(
  tree: TemplateTree,
  selection: Span,
  mark: 'bold' | 'italic',
): InlineEdit {
  const target = targetOf(tree, selection);
  if (!target) return refuse('Select the text to format first.');
  const range = normalise(tree, target, mark);
  const around = markAround(tree, range, mark);
  if (around) return unwrap(tree, around, range);
  if (!wrappable(tree, range)) return refuse(CUT_APART);
  const tag = MARK_TAGS[mark][0] ?? 'strong';
  return wrap(range, `<${tag}>`, `</${tag}>`);
}

const LIQUID = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/** A link target as attribute source: quotes outside Liquid become entities. */
export function hrefSource(href: string): string {
  let result = '';
  let at = 0;
  for (const match of href.matchAll(LIQUID)) {
    result += href.slice(at, match.index).replace(/"/g, '&quot;') + match[0];
    at = match.index + match[0].length;
  }
  return result + href.slice(at).replace(/"/g, '&quot;');
}

/** Why a link target cannot be used, or null when it can. */
export function hrefProblem(href: string): string | null {
  if (href.trim() === '') return 'Enter the address the link opens.';
  if (/^\s*(?:javascript|vbscript|data):/i.test(href))
    return 'Links that run code are not allowed.';
  const error = checkLiquid(href);
  return error ? `The Liquid in the address does not parse: ${error.message}` : null;
}

/** The link's target as written in the source (raw attribute source, Liquid included). */
export function hrefOf(tree: TemplateTree, link: ElementNode): string {
  const value = link.attributes.find((attribute) => attribute.name === 'href')?.value;
  return value ? tree.source.slice(value.from, value.to) : '';
}

/**
 * Makes the range a link to `href`, or points the link around it to `href`. Only the link's
 * `href` value changes when there is one already.
 */
export function setLink(tree: TemplateTree, selection: Span, href: string): InlineEdit {
  const problem = hrefProblem(href);
  if (problem) return refuse(problem);
  const value = hrefSource(href);
  const link = markAround(tree, selection, 'link');
  if (link) {
    const attribute = link.attributes.find((candidate) => candidate.name === 'href');
    const select = contentOf(link);
    const change: SourceChange =
      attribute?.value && attribute.quote === '"'
        ? { ...attribute.value, insert: value }
        : attribute
          ? { from: attribute.from, to: attribute.to, insert: `href="${value}"` }
          : { from: link.open.from + 2, to: link.open.from + 2, insert: ` href="${value}"` };
    const shift = change.insert.length - (change.to - change.from);
    return {
      ok: true,
      changes: [change],
      select: { from: select.from + shift, to: select.to + shift },
    };
  }
  const target = targetOf(tree, selection);
  if (!target) return refuse('Select the text to make a link first.');
  if (
    !wrappable(tree, target) ||
    marked(tree, 'link').some((a) => a.from < target.to && target.from < a.to)
  ) {
    return refuse(CUT_APART);
  }
  return wrap(target, `<a href="${value}">`, '</a>');
}

/** Takes the link around the selection away, keeping its text. */
export function removeLink(tree: TemplateTree, selection: Span): InlineEdit {
  const link = markAround(tree, selection, 'link');
  if (!link) return refuse('There is no link here.');
  return unwrap(tree, link, contentOf(link));
}

import type { Block, Place } from '../model/blocks';
import { declarationsIn } from '../model/style-source';
import type { ElementNode, Span, TemplateNode, TemplateTree } from '../model/template-tree';
import type { SourceChange } from '../model/text-source';

/** A block action as source changes, and where the block it leaves selected starts afterwards. */
export interface BlockEdit {
  changes: SourceChange[];
  /** Offset in the new source of the block to select, or null to clear the selection. */
  select: number | null;
}

const LIQUID = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

/** Replaces `pattern` outside Liquid only, so `{{ "x" | asset_url }}` keeps its quotes. */
function outsideLiquid(value: string, pattern: RegExp, replacement: string): string {
  let out = '';
  let at = 0;
  for (const match of value.matchAll(LIQUID)) {
    out += value.slice(at, match.index).replace(pattern, replacement) + match[0];
    at = match.index + match[0].length;
  }
  return out + value.slice(at).replace(pattern, replacement);
}

/** A value as the source of an attribute quoted with `quote`: the quote itself becomes an entity. */
function quotedSource(value: string, quote: '"' | "'"): string {
  return quote === '"' ? outsideLiquid(value, /"/g, '&quot;') : outsideLiquid(value, /'/g, '&#39;');
}

/** Where a new attribute goes: after the last attribute or Liquid of the start tag. */
function attributeEnd(element: ElementNode): number {
  const ends = [
    element.open.from + 1 + element.tag.length,
    ...element.attributes.map((attribute) => attribute.to),
    ...element.liquidInTag.map((liquid) => liquid.to),
  ];
  return Math.max(...ends);
}

/**
 * Sets one attribute's value, written as raw attribute source (Liquid allowed). Only the value
 * between the quotes changes; a missing attribute is added after the others.
 */
export function setAttribute(element: ElementNode, name: string, value: string): SourceChange {
  const attribute = element.attributes.find((candidate) => candidate.name === name);
  if (!attribute) {
    const at = attributeEnd(element);
    return { from: at, to: at, insert: ` ${name}="${quotedSource(value, '"')}"` };
  }
  if (attribute.value && attribute.quote !== '') {
    return { ...attribute.value, insert: quotedSource(value, attribute.quote) };
  }
  if (attribute.value) return { ...attribute.value, insert: `"${quotedSource(value, '"')}"` };
  return {
    from: attribute.from,
    to: attribute.to,
    insert: `${name}="${quotedSource(value, '"')}"`,
  };
}

/**
 * Sets one declaration of the inline style: its value only when present, added at the end when
 * missing, removed (with its `;`) when `value` is empty. Written in the style's own spacing.
 */
export function setStyle(
  source: string,
  element: ElementNode,
  property: string,
  value: string,
): SourceChange | null {
  const style = element.attributes.find((attribute) => attribute.name === 'style');
  const quote = style?.quote === "'" ? "'" : '"';
  const written = quotedSource(value.trim(), quote);
  if (!style?.value)
    return written ? setAttribute(element, 'style', `${property}: ${written}`) : null;
  const declarations = declarationsIn(source, style.value);
  const existing = declarations.findLast((declaration) => declaration.property === property);
  if (existing && written) return { ...existing.value, insert: written };
  if (existing) return removal(source, existing.whole, style.value);
  if (!written) return null;
  const text = source.slice(style.value.from, style.value.to);
  const spaced = text.includes(': ') || text.trim() === '';
  const declaration = `${property}:${spaced ? ' ' : ''}${written}`;
  const content = text.trimEnd();
  const end = style.value.from + content.length;
  if (content === '') return { ...style.value, insert: declaration };
  if (content.endsWith(';'))
    return { from: end, to: end, insert: `${spaced ? ' ' : ''}${declaration};` };
  return { from: end, to: end, insert: `;${spaced ? ' ' : ''}${declaration}` };
}

/** A declaration removed with the space after it (or before it, at the end of the style). */
function removal(source: string, whole: Span, style: Span): SourceChange {
  let { from, to } = whole;
  while (to < style.to && /\s/.test(source.charAt(to))) to++;
  if (to === style.to) while (from > style.from && /\s/.test(source.charAt(from - 1))) from--;
  return { from, to, insert: '' };
}

function isBlank(source: string, node: TemplateNode): boolean {
  return node.kind === 'text' && source.slice(node.from, node.to).trim() === '';
}

/** The whitespace text just before a node (its line break and indentation), if any. */
function leadOf(source: string, place: Place): TemplateNode | null {
  const index = place.siblings.indexOf(place.node);
  const before = place.siblings[index - 1];
  return before && isBlank(source, before) ? before : null;
}

function slice(source: string, span: Span): string {
  return source.slice(span.from, span.to);
}

/** The next sibling that is not whitespace, in a direction. */
function neighbour(source: string, place: Place, step: -1 | 1): TemplateNode | null {
  for (
    let index = place.siblings.indexOf(place.node) + step;
    index >= 0 && index < place.siblings.length;
    index += step
  ) {
    const sibling = place.siblings[index];
    if (sibling && !isBlank(source, sibling)) return sibling;
  }
  return null;
}

/**
 * Swaps a block with its previous or next sibling, whitespace between them kept in place. Only
 * siblings trade places, so a row stays inside its `{% for %}` body and Liquid stays paired.
 */
export function moveBlock(
  source: string,
  place: Place,
  direction: 'up' | 'down',
): BlockEdit | null {
  const node = place.node;
  const other = neighbour(source, place, direction === 'up' ? -1 : 1);
  if (!other) return null;
  const [first, second] = direction === 'up' ? [other, node] : [node, other];
  const gap = source.slice(first.to, second.from);
  const insert = slice(source, second) + gap + slice(source, first);
  const select =
    direction === 'up' ? first.from : first.from + (second.to - second.from) + gap.length;
  return { changes: [{ from: first.from, to: second.to, insert }], select };
}

/** A copy of the block right after it, on its own line when the block has one. */
export function duplicateBlock(source: string, place: Place): BlockEdit {
  const lead = leadOf(source, place);
  const space = lead ? slice(source, lead) : '';
  const at = place.node.to;
  return {
    changes: [{ from: at, to: at, insert: space + slice(source, place.node) }],
    select: at + space.length,
  };
}

/** Removes the block and the line break and indentation before it. */
export function deleteBlock(source: string, place: Place): BlockEdit {
  const lead = leadOf(source, place);
  return {
    changes: [{ from: lead?.from ?? place.node.from, to: place.node.to, insert: '' }],
    select: null,
  };
}

/** Puts a Liquid tag pair around the block, each tag on the block's indentation. */
export function wrapBlock(source: string, place: Place, open: string, close: string): BlockEdit {
  const lead = leadOf(source, place);
  const space = lead ? slice(source, lead) : '';
  const { from, to } = place.node;
  return {
    changes: [
      { from, to: from, insert: open + space },
      { from: to, to, insert: space + close },
    ],
    select: from,
  };
}

/** Inserts markup after the block, on its indentation; without a block, at the end of the body. */
export function insertAfter(tree: TemplateTree, place: Place | null, snippet: string): BlockEdit {
  const { source } = tree;
  if (place) {
    const lead = leadOf(source, place);
    const space = lead ? slice(source, lead) : '\n';
    const at = place.node.to;
    return { changes: [{ from: at, to: at, insert: space + snippet }], select: at + space.length };
  }
  const body = findBody(tree.children);
  const at = body?.close?.from ?? source.length;
  const space = source.slice(0, at).endsWith('\n') || at === 0 ? '' : '\n';
  return {
    changes: [{ from: at, to: at, insert: `${space}${snippet}\n` }],
    select: at + space.length,
  };
}

function findBody(nodes: readonly TemplateNode[]): ElementNode | null {
  for (const node of nodes) {
    if (node.kind !== 'element') continue;
    if (node.tag === 'body') return node;
    if (node.tag === 'html') return findBody(node.children);
  }
  return null;
}

const ROW_CONTAINERS = new Set(['table', 'thead', 'tbody', 'tfoot']);

/** Whether what goes next to this block must be a table row (it sits among rows). */
export function amongRows(places: Map<string, Place>, block: Block): boolean {
  for (let at = places.get(block.node.id)?.parent; at; at = places.get(at.id)?.parent) {
    if (at.kind === 'element') return ROW_CONTAINERS.has(at.tag);
  }
  return false;
}

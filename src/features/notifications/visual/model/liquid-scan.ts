import { TokenKind, Tokenizer, type TopLevelToken } from 'liquidjs';
import type { Span } from './template-tree';

/** A Liquid piece of the source: an output, a tag, or a `raw`/`comment` block taken whole. */
export type LiquidItem =
  | (Span & { kind: 'output'; markup: string })
  | (Span & { kind: 'tag'; name: string; args: string })
  | (Span & { kind: 'opaque'; reason: 'raw' | 'comment' });

/** Block tags and the tags that start a new branch inside them. */
const BLOCK_MARKERS: Record<string, readonly string[]> = {
  if: ['elsif', 'else'],
  unless: ['elsif', 'else'],
  case: ['when', 'else'],
  for: ['else'],
  tablerow: [],
  capture: [],
  ifchanged: [],
  block: [],
};

function isBlockTag(name: string): boolean {
  return Object.hasOwn(BLOCK_MARKERS, name);
}

/** Indexes (into the item list) of one block's opening tag, branch markers and closing tag. */
export interface LiquidBlock {
  name: string;
  open: number;
  markers: number[];
  close: number;
}

/** Groups `{% raw %}…{% endraw %}` and `{% comment %}…{% endcomment %}` into one opaque item. */
function groupOpaque(tokens: TopLevelToken[]): LiquidItem[] {
  const items: LiquidItem[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (!token) continue;
    if (token.kind === TokenKind.Output) {
      const text = token.getText();
      items.push({
        kind: 'output',
        from: token.begin,
        to: token.end,
        markup: text.replace(/^\{\{-?/, '').replace(/-?\}\}$/, ''),
      });
      continue;
    }
    if (token.kind !== TokenKind.Tag || !('name' in token) || typeof token.name !== 'string') {
      continue;
    }
    const { name } = token;
    const args = 'args' in token && typeof token.args === 'string' ? token.args : '';
    if (name === 'raw' || name === 'comment') {
      const end = name === 'raw' ? 'endraw' : 'endcomment';
      let depth = 1;
      let last = index;
      while (depth > 0 && last + 1 < tokens.length) {
        last++;
        const inner = tokens[last];
        if (inner?.kind !== TokenKind.Tag || !('name' in inner)) continue;
        if (inner.name === name && name === 'comment') depth++;
        if (inner.name === end) depth--;
      }
      const closing = tokens[last];
      items.push({
        kind: 'opaque',
        reason: name,
        from: token.begin,
        to: depth === 0 && closing ? closing.end : token.end,
      });
      index = last;
      continue;
    }
    items.push({ kind: 'tag', name, args, from: token.begin, to: token.end });
  }
  return items;
}

/** The Liquid of a template in source order, or null when it does not tokenize. */
export function scanLiquid(source: string): LiquidItem[] | null {
  try {
    return groupOpaque(new Tokenizer(source).readTopLevelTokens());
  } catch {
    return null;
  }
}

/** Pairs block tags with their branches and ends; null when they do not pair up. */
export function pairBlocks(items: readonly LiquidItem[]): LiquidBlock[] | null {
  const blocks: LiquidBlock[] = [];
  const open: LiquidBlock[] = [];
  for (const [index, item] of items.entries()) {
    if (item.kind !== 'tag') continue;
    const top = open.at(-1);
    if (isBlockTag(item.name)) {
      open.push({ name: item.name, open: index, markers: [], close: -1 });
    } else if (item.name.startsWith('end') && isBlockTag(item.name.slice(3))) {
      if (top?.name !== item.name.slice(3)) return null;
      top.close = index;
      blocks.push(top);
      open.pop();
    } else if (top && BLOCK_MARKERS[top.name]?.includes(item.name)) {
      top.markers.push(index);
    } else if (['elsif', 'else', 'when'].includes(item.name)) {
      return null;
    }
  }
  return open.length === 0 ? blocks : null;
}

import { maskLiquid } from './html-mask';
import { pairBlocks, scanLiquid, type LiquidBlock, type LiquidItem } from './liquid-scan';
import { markupItems, type MarkupItem } from './markup-items';
import { markupOffset, parseOutputMarkup } from './output-markup';
import type {
  Branch,
  LockedNode,
  LockedReason,
  Span,
  TemplateNode,
  TemplateTree,
} from './template-tree';

type Entry = MarkupItem | (Span & { type: 'liquid'; index: number });

interface Draft {
  entry: Entry | null;
  from: number;
  to: number;
  parent: Draft | null;
  children: Draft[];
  inTag: Draft[];
}

/** Where a Liquid item ended up: a leaf, inside an element's start tag, or inside a lock. */
interface Anchor {
  draft: Draft;
  inTag: boolean;
}

const FRAMES = new Set(['if', 'unless', 'case', 'for']);
const TEXT_ONLY = new Set(['style', 'title', 'script', 'textarea', 'xmp']);

const ORDER = { locked: 0, element: 1, liquid: 2 } as const;

function byPosition(a: Entry, b: Entry): number {
  return a.from - b.from || b.to - a.to || ORDER[a.type] - ORDER[b.type];
}

/** Nests the entries by their ranges; ranges that cross each other are reported, not nested. */
function buildForest(length: number, entries: Entry[]) {
  const root: Draft = { entry: null, from: 0, to: length, parent: null, children: [], inTag: [] };
  const anchors = new Map<number, Anchor>();
  const crossings: Span[] = [];
  const stack: Draft[] = [root];
  for (const entry of [...entries].sort(byPosition)) {
    let top = stack.at(-1) ?? root;
    while (top !== root && top.to <= entry.from) {
      stack.pop();
      top = stack.at(-1) ?? root;
    }
    if (entry.to > top.to) {
      crossings.push({ from: top.from, to: entry.to });
      continue;
    }
    if (top.entry?.type === 'locked') {
      if (entry.type === 'liquid') anchors.set(entry.index, { draft: top, inTag: false });
      continue;
    }
    const draft: Draft = {
      entry,
      from: entry.from,
      to: entry.to,
      parent: top,
      children: [],
      inTag: [],
    };
    const owner = top.entry;
    const inTag =
      owner?.type === 'element' &&
      (entry.from < owner.open.to || (owner.close !== null && entry.from >= owner.close.from));
    if (inTag) top.inTag.push(draft);
    else top.children.push(draft);
    if (entry.type === 'liquid') anchors.set(entry.index, { draft: inTag ? top : draft, inTag });
    else stack.push(draft);
  }
  return { root, anchors, crossings };
}

function ancestors(draft: Draft): Draft[] {
  const chain: Draft[] = [];
  for (let at = draft.parent; at; at = at.parent) chain.push(at);
  return chain;
}

function childWithin(container: Draft, draft: Draft): Draft {
  let at = draft;
  while (at.parent && at.parent !== container) at = at.parent;
  return at;
}

/** The slot a Liquid item occupies: the content of a container, a start tag, or a lock. */
function slotOf(anchor: Anchor): Draft | string {
  if (anchor.inTag) return `tag:${anchor.draft.from}`;
  if (anchor.draft.entry?.type === 'locked') return anchor.draft;
  return anchor.draft.parent ?? anchor.draft;
}

/**
 * Ranges to lock so that every block's tags end up siblings: a block whose branches open and
 * close different elements is locked over the smallest run of whole siblings that holds it,
 * and so are block tags the canvas has no frame for (`capture`, `tablerow`, …).
 */
function locksFor(blocks: readonly LiquidBlock[], anchors: Map<number, Anchor>): Lock[] {
  const locks: Lock[] = [];
  for (const block of blocks) {
    const parts = [block.open, ...block.markers, block.close].flatMap((index) => {
      const anchor = anchors.get(index);
      return anchor ? [anchor] : [];
    });
    const slots = new Set(parts.map(slotOf));
    const first = parts[0];
    if (!first) continue;
    if (slots.size === 1) {
      const settled = first.inTag || first.draft.entry?.type === 'locked' || FRAMES.has(block.name);
      const last = parts.at(-1);
      if (!settled && last) {
        locks.push({ reason: 'liquid', from: first.draft.from, to: last.draft.to });
      }
      continue;
    }
    const nodes = parts.map((part) => part.draft);
    const shared = nodes
      .map((node) => new Set(ancestors(node)))
      .reduce((common, next) => new Set([...common].filter((at) => next.has(at))));
    const container = nodes[0] ? ancestors(nodes[0]).find((at) => shared.has(at)) : undefined;
    if (!container) continue;
    const children = nodes.map((node) => childWithin(container, node));
    locks.push({
      reason: 'crossing',
      from: Math.min(...children.map((child) => child.from)),
      to: Math.max(...children.map((child) => child.to)),
    });
  }
  return locks;
}

type Lock = Span & { reason: LockedReason };

const MAX_LOCK_ROUNDS = 32;

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index >= 0; index = source.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

const STRAY_MARKUP = /<\/?[a-zA-Z][^<>]*>?/g;

/**
 * Tags the parser dropped (an end tag nothing opened, a `<td>` outside a table), found in the
 * masked source so Liquid inside them is part of them; locked whole, Liquid included.
 */
function strayMarkup(masked: string, markup: readonly MarkupItem[]): Entry[] {
  const covered: Span[] = markup.flatMap((item) =>
    item.type === 'locked' || TEXT_ONLY.has(item.tag)
      ? [item]
      : [item.open, ...(item.close ? [item.close] : [])],
  );
  const strays: Entry[] = [];
  for (const match of masked.matchAll(STRAY_MARKUP)) {
    const from = match.index;
    if (covered.some((span) => span.from <= from && from < span.to)) continue;
    strays.push({ type: 'locked', reason: 'odd-markup', from, to: from + match[0].length });
  }
  return strays;
}

interface OpenFrame {
  block: LiquidBlock;
  nodes: TemplateNode[];
  branches: Branch[];
}

class Converter {
  private readonly lines: number[];
  private readonly blockAt = new Map<number, LiquidBlock>();

  constructor(
    private readonly source: string,
    private readonly liquid: readonly LiquidItem[],
    blocks: readonly LiquidBlock[],
  ) {
    this.lines = lineStarts(source);
    for (const block of blocks) {
      for (const index of [block.open, ...block.markers, block.close])
        this.blockAt.set(index, block);
    }
  }

  locked(from: number, to: number, reason: LockedReason, id: string): LockedNode {
    return { kind: 'locked', id, from, to, reason, line: lineAt(this.lines, from) };
  }

  /** Text between markup (stray tags are locked entries of their own by now). */
  private gap(from: number, to: number, out: TemplateNode[]) {
    if (from < to) out.push({ kind: 'text', id: '', from, to });
  }

  private liquidNode(index: number, item: LiquidItem): TemplateNode | null {
    if (item.kind === 'output') {
      const parts = parseOutputMarkup(item.markup);
      const offset = markupOffset(this.source, item.from);
      return {
        kind: 'output',
        id: '',
        from: item.from,
        to: item.to,
        expression: parts.expression,
        filters: parts.filters,
        fallback: parts.fallback && {
          value: parts.fallback.value,
          span: { from: offset + parts.fallback.span.from, to: offset + parts.fallback.span.to },
        },
      };
    }
    if (item.kind === 'opaque') return this.locked(item.from, item.to, item.reason, '');
    if (this.blockAt.has(index)) return null;
    return this.locked(item.from, item.to, 'liquid', '');
  }

  private frameNode(frame: OpenFrame, close: Span): TemplateNode {
    const [body] = frame.branches;
    const from = body?.marker.from ?? close.from;
    if (frame.block.name === 'for') {
      const match = /^\s*([\w-]+)\s+in\s+(\S+)/.exec(body?.args ?? '');
      return {
        kind: 'loop',
        id: '',
        from,
        to: close.to,
        variable: match?.[1] ?? 'item',
        collection: match?.[2] ?? '',
        branches: frame.branches,
        close,
      };
    }
    const tag =
      frame.block.name === 'unless' || frame.block.name === 'case' ? frame.block.name : 'if';
    return { kind: 'condition', id: '', from, to: close.to, tag, branches: frame.branches, close };
  }

  /** The children of a container, with Liquid blocks folded into frames. */
  children(container: Draft, from: number, to: number): TemplateNode[] {
    const top: TemplateNode[] = [];
    const frames: OpenFrame[] = [];
    const current = () => frames.at(-1)?.nodes ?? top;
    let at = from;
    for (const draft of container.children) {
      this.gap(at, draft.from, current());
      at = draft.to;
      const entry = draft.entry;
      if (!entry) continue;
      if (entry.type === 'locked') {
        current().push(this.locked(entry.from, entry.to, entry.reason, ''));
        continue;
      }
      if (entry.type === 'element') {
        const contentEnd = entry.close?.from ?? entry.open.to;
        current().push({
          kind: 'element',
          id: '',
          from: entry.from,
          to: entry.to,
          tag: entry.tag,
          open: entry.open,
          close: entry.close,
          attributes: entry.attributes,
          liquidInTag: draft.inTag.map(({ from: start, to: end }) => ({ from: start, to: end })),
          children: this.children(draft, entry.open.to, contentEnd),
        });
        continue;
      }
      const item = this.liquid[entry.index];
      if (!item) continue;
      const node = this.liquidNode(entry.index, item);
      if (node) {
        current().push(node);
        continue;
      }
      const block = this.blockAt.get(entry.index);
      if (!block || item.kind !== 'tag') continue;
      const marker = { from: item.from, to: item.to };
      const branch = (): Branch => ({
        marker,
        tag: item.name,
        args: item.args.trim(),
        from: item.from,
        to: item.to,
        children: [],
      });
      if (block.open === entry.index) {
        const opened = branch();
        frames.push({ block, nodes: opened.children, branches: [opened] });
      } else if (block.close === entry.index) {
        const frame = frames.pop();
        if (!frame) continue;
        const last = frame.branches.at(-1);
        if (last) last.to = item.from;
        current().push(this.frameNode(frame, marker));
      } else {
        const frame = frames.at(-1);
        if (!frame) continue;
        const last = frame.branches.at(-1);
        if (last) last.to = item.from;
        const next = branch();
        frame.branches.push(next);
        frame.nodes = next.children;
      }
    }
    this.gap(at, to, current());
    return top;
  }
}

function assignIds(nodes: TemplateNode[], prefix: string) {
  nodes.forEach((node, index) => {
    node.id = prefix ? `${prefix}.${index}` : String(index);
    if (node.kind === 'element') assignIds(node.children, node.id);
    if (node.kind === 'condition' || node.kind === 'loop') {
      node.branches.forEach((branch, b) => assignIds(branch.children, `${node.id}.b${b}`));
    }
  });
}

function wholeLocked(source: string): TemplateTree {
  const children: TemplateNode[] =
    source === ''
      ? []
      : [{ kind: 'locked', id: '0', from: 0, to: source.length, reason: 'unparsable', line: 1 }];
  return { source, children };
}

/**
 * The tree of a template. Lossless by construction: every byte of the source belongs to
 * exactly one node (text between markup included), so serializing the tree gives the source.
 */
export function parseTemplate(source: string): TemplateTree {
  const liquid = scanLiquid(source);
  const blocks = liquid && pairBlocks(liquid);
  if (!liquid || !blocks) return wholeLocked(source);
  const masked = maskLiquid(source, liquid);
  const parsed = markupItems(source, masked);
  const markup = [...parsed, ...strayMarkup(masked, parsed)];
  const liquidEntries: Entry[] = liquid.map((item, index) => ({
    type: 'liquid',
    index,
    from: item.from,
    to: item.to,
  }));
  const locks: Entry[] = [];
  const known = new Set<string>();
  for (let round = 0; round < MAX_LOCK_ROUNDS; round++) {
    const forest = buildForest(source.length, [...markup, ...liquidEntries, ...locks]);
    const crossings = forest.crossings.map((span): Lock => ({ reason: 'crossing', ...span }));
    const more = [...crossings, ...locksFor(blocks, forest.anchors)];
    if (more.length === 0) {
      const children = new Converter(source, liquid, blocks).children(
        forest.root,
        0,
        source.length,
      );
      assignIds(children, '');
      return { source, children };
    }
    // A round that finds only locks it already has would find them forever.
    const fresh = more.filter((lock) => !known.has(`${lock.from}:${lock.to}`));
    if (fresh.length === 0) break;
    for (const lock of fresh) {
      known.add(`${lock.from}:${lock.to}`);
      locks.push({ type: 'locked', ...lock });
    }
  }
  return wholeLocked(source);
}

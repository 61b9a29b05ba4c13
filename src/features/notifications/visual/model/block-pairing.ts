// Pairs each text block of a translation with the default's block in the same structural place
// (decision 047). A pairing is only made where the two structures agree: a block that cannot be
// placed for sure is left unpaired (it shows nothing), never paired with the wrong text.
import { allNodes, type TemplateNode, type TemplateTree } from './template-tree';

/** Elements whose own text is a block a translator translates as one. */
const TEXT_TAGS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'td',
  'th',
  'a',
  'button',
  'div',
]);

/** Elements that hold blocks rather than text: an element around one is not a text block. */
const STRUCTURE = new Set([
  ...TEXT_TAGS,
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
  'ol',
  'section',
  'header',
  'footer',
  'center',
  'main',
  'article',
  'blockquote',
  'img',
  'hr',
]);

/** Structural children: elements and frames; text, outputs and locked islands are content. */
type Structural = Extract<TemplateNode, { kind: 'element' | 'condition' | 'loop' }>;

function structural(nodes: readonly TemplateNode[]): Structural[] {
  return nodes.filter(
    (node): node is Structural =>
      node.kind === 'element' || node.kind === 'condition' || node.kind === 'loop',
  );
}

/** What must agree for two nodes to be in the same place: the tag, or the frame's tag. */
function kindOf(node: Structural): string {
  return node.kind === 'element' ? node.tag : `{% ${node.kind === 'loop' ? 'for' : node.tag} %}`;
}

/** A text block: a text tag that holds no other block, with some text or Liquid in it. */
export function isTextBlock(source: string, node: TemplateNode): boolean {
  if (node.kind !== 'element' || !TEXT_TAGS.has(node.tag)) return false;
  let content = false;
  for (const inner of allNodes(node.children)) {
    if (inner.kind === 'element' && STRUCTURE.has(inner.tag) && inner.tag !== 'a') return false;
    if (inner.kind === 'output') content = true;
    if (inner.kind === 'text' && source.slice(inner.from, inner.to).trim() !== '') content = true;
  }
  return content;
}

/**
 * What a node holds that a translation keeps: its shape (tags and frames, in order) and the
 * Liquid outputs it prints. Two blocks with the same fingerprint cannot be told apart by place.
 */
function fingerprint(node: Structural): string {
  const parts: string[] = [];
  for (const inner of allNodes([node])) {
    if (inner.kind === 'output') parts.push(`{{${inner.expression}}}`);
    else if (inner.kind === 'element' || inner.kind === 'condition' || inner.kind === 'loop') {
      parts.push(kindOf(inner));
    }
  }
  return parts.join(' ');
}

function groupByKind(nodes: readonly Structural[]): Map<string, Structural[]> {
  const groups = new Map<string, Structural[]>();
  for (const node of nodes) {
    const kind = kindOf(node);
    const group = groups.get(kind);
    if (group) group.push(node);
    else groups.set(kind, [node]);
  }
  return groups;
}

/**
 * Pairs of a kind's nodes when the two sides have different counts of them: only nodes whose
 * fingerprint is unique on both sides, and only in the same order (a crossing pair is dropped).
 */
function pairsByFingerprint(
  ours: readonly Structural[],
  theirs: readonly Structural[],
): [Structural, Structural][] {
  const count = (nodes: readonly Structural[]) => {
    const counts = new Map<string, number>();
    for (const node of nodes)
      counts.set(fingerprint(node), (counts.get(fingerprint(node)) ?? 0) + 1);
    return counts;
  };
  const ourCounts = count(ours);
  const theirCounts = count(theirs);
  const pairs: [Structural, Structural][] = [];
  let lastIndex = -1;
  for (const node of ours) {
    const print = fingerprint(node);
    if (ourCounts.get(print) !== 1 || theirCounts.get(print) !== 1) continue;
    const index = theirs.findIndex((other) => fingerprint(other) === print);
    const other = theirs[index];
    if (!other || index <= lastIndex) continue;
    lastIndex = index;
    pairs.push([node, other]);
  }
  return pairs;
}

class Pairing {
  readonly pairs = new Map<string, string>();

  constructor(
    private readonly ours: string,
    private readonly theirs: string,
  ) {}

  lists(ours: readonly TemplateNode[], theirs: readonly TemplateNode[]) {
    const theirGroups = groupByKind(structural(theirs));
    for (const [kind, mine] of groupByKind(structural(ours))) {
      const other = theirGroups.get(kind) ?? [];
      // The same count of this kind here: each is in the place of the one at its index.
      const pairs: [Structural, Structural][] =
        mine.length === other.length
          ? mine.map((node, index) => [node, other[index] as Structural])
          : pairsByFingerprint(mine, other);
      for (const [node, match] of pairs) this.nodes(node, match);
    }
  }

  private nodes(ours: Structural, theirs: Structural) {
    const ourText = isTextBlock(this.ours, ours);
    const theirText = isTextBlock(this.theirs, theirs);
    if (ourText && theirText) this.pairs.set(ours.id, theirs.id);
    // One side text, the other a container: the structures differ here; nothing is paired.
    if (ourText || theirText) return;
    if (ours.kind === 'element' && theirs.kind === 'element') {
      this.lists(ours.children, theirs.children);
      return;
    }
    if (ours.kind === 'element' || theirs.kind === 'element') return;
    // A frame's branches pair by index only when both have the same branches.
    const same =
      ours.branches.length === theirs.branches.length &&
      ours.branches.every((branch, index) => branch.tag === theirs.branches[index]?.tag);
    if (!same) return;
    ours.branches.forEach((branch, index) => {
      this.lists(branch.children, theirs.branches[index]?.children ?? []);
    });
  }
}

/**
 * Each text block of `ours` (its node id) → the text block of `theirs` in the same place.
 * Places are paths of kinds and indexes among siblings of the same kind; where a parent has a
 * different number of children of a kind on the two sides, only blocks whose shape and Liquid
 * are unique on both sides pair (decision 047).
 */
export function pairBlocks(ours: TemplateTree, theirs: TemplateTree): Map<string, string> {
  const pairing = new Pairing(ours.source, theirs.source);
  pairing.lists(ours.children, theirs.children);
  return pairing.pairs;
}

// Where the property test puts the selection: carets and ranges of a template, each in source
// offsets (for the oracle) and as DOM positions the canvas draws (a text child of an element).
import { parseTemplate } from '../src/features/notifications/visual/model/parse-template';
import {
  childrenOf,
  type TemplateNode,
} from '../src/features/notifications/visual/model/template-tree';
import { decodeText } from '../src/features/notifications/visual/model/text-source';

/** A DOM position: the `index`-th text child of the element drawn for node `parent`, at `at`. */
export interface DomPoint {
  parent: string;
  index: number;
  at: number;
}

export interface Target {
  kind: string;
  from: number;
  to: number;
  start: DomPoint;
  end: DomPoint;
  /** A range inside one plain text outside any bold: Ctrl+B may wrap it. */
  boldable: boolean;
}

interface PlacedText {
  node: TemplateNode;
  parent: TemplateNode;
  index: number;
  marks: string[];
}

const BLOCKS = new Set(['p', 'h1', 'h2', 'h3', 'div', 'td', 'li', 'span']);
const ENTITY = /&(?:#\d+;?|#x[\da-f]+;?|[a-z][a-z\d]*;)/gi;

/** Offsets inside a text where a character starts (never inside an entity). */
function boundaries(source: string, from: number, to: number): number[] {
  const inside = new Set<number>();
  for (const match of source.slice(from, to).matchAll(ENTITY)) {
    for (let i = 1; i < match[0].length; i++) inside.add(from + match.index + i);
  }
  const all: number[] = [];
  for (let at = from; at <= to; at++) if (!inside.has(at)) all.push(at);
  return all;
}

/** The text without the code's layout whitespace (a newline, indentation) at its ends. */
function visible(source: string, node: TemplateNode): [number, number] | null {
  const text = source.slice(node.from, node.to);
  const lead = /^[ \t\n\r\f]*/.exec(text)?.[0] ?? '';
  const trail = /[ \t\n\r\f]*$/.exec(text)?.[0] ?? '';
  if (lead.length === text.length) return null;
  const from = node.from + (/[\n\r\t]/.test(lead) ? lead.length : 0);
  const to = node.to - (/[\n\r\t]/.test(trail) ? trail.length : 0);
  return from < to ? [from, to] : null;
}

function placedTexts(
  nodes: readonly TemplateNode[],
  parent: TemplateNode | null,
  marks: string[],
  out: PlacedText[],
) {
  let index = 0;
  const plain =
    parent?.kind === 'element' &&
    childrenOf(parent).every((child) => ['text', 'element', 'output'].includes(child.kind));
  for (const node of nodes) {
    if (node.kind === 'text') {
      if (parent && plain) out.push({ node, parent, index, marks });
      index++;
      continue;
    }
    if (node.kind === 'element') {
      if (['head', 'style', 'title', 'script'].includes(node.tag)) continue;
      placedTexts(node.children, node, [...marks, node.tag], out);
    }
    if (node.kind === 'condition' || node.kind === 'loop') {
      // Frames draw their branch in a box of their own: only the first branch's first repetition.
      for (const branch of node.branches.slice(0, 1))
        placedTexts(branch.children, null, marks, out);
    }
  }
  return out;
}

/** Every selection the property test may start from, in one template. */
export function targetsOf(source: string): Target[] {
  const tree = parseTemplate(source);
  const texts = placedTexts(tree.children, null, [], []);
  const point = (text: PlacedText, offset: number): DomPoint => ({
    parent: text.parent.id,
    index: text.index,
    at: decodeText(source.slice(text.node.from, offset)).length,
  });
  const targets: Target[] = [];
  const add = (
    kind: string,
    a: PlacedText,
    from: number,
    b: PlacedText,
    to: number,
    boldable = false,
  ) => targets.push({ kind, from, to, start: point(a, from), end: point(b, to), boldable });
  for (const text of texts) {
    const span = visible(source, text.node);
    if (!span) continue;
    const [from, to] = span;
    const places = boundaries(source, from, to);
    const middle = places[Math.floor(places.length / 2)] ?? from;
    const where = text.marks.includes('a')
      ? 'link'
      : text.marks.some((m) => m === 'b' || m === 'strong')
        ? 'bold'
        : 'text';
    add(`caret at the start of a ${where}`, text, from, text, from);
    add(`caret in the middle of a ${where}`, text, middle, text, middle);
    add(`caret at the end of a ${where}`, text, to, text, to);
    const quarter = places[Math.floor(places.length / 4)] ?? from;
    const three = places[Math.floor((places.length * 3) / 4)] ?? to;
    if (quarter < three) {
      const bold = !text.marks.some((m) => m === 'b' || m === 'strong');
      add(`range inside a ${where}`, text, quarter, text, three, bold);
    }
    const parent = text.parent;
    if (parent.kind === 'element' && parent.tag === 'a' && parent.children.length === 1) {
      add('a whole link', text, text.node.from, text, text.node.to);
    }
  }
  // Across a link's boundary: from a text into the link after it, or out of a link.
  for (const text of texts) {
    const siblings = childrenOf(text.parent);
    const at = siblings.indexOf(text.node);
    const next = siblings[at + 1];
    if (next?.kind !== 'element' || next.tag !== 'a' || next.children.length !== 1) continue;
    const inner = texts.find((candidate) => candidate.node === next.children[0]);
    const span = visible(source, text.node);
    const innerSpan = inner && visible(source, inner.node);
    if (!inner || !span || !innerSpan) continue;
    const a = boundaries(source, span[0], span[1]);
    const b = boundaries(source, innerSpan[0], innerSpan[1]);
    add(
      'range across a link boundary',
      text,
      a[Math.floor(a.length / 2)] ?? span[0],
      inner,
      b[Math.floor(b.length / 2)] ?? innerSpan[1],
    );
  }
  // A whole block: from its first text's first character to its last text's last.
  for (const node of [...new Set(texts.map((text) => text.parent))]) {
    if (node.kind !== 'element' || !BLOCKS.has(node.tag)) continue;
    const children = node.children;
    const first = texts.find((text) => text.node === children[0]);
    const last = texts.find((text) => text.node === children.at(-1));
    const a = first && visible(source, first.node);
    const b = last && visible(source, last.node);
    if (!first || !last || !a || !b || children.length < 2) continue;
    if (
      children.some(
        (child) =>
          child.kind === 'element' &&
          !['a', 'b', 'strong', 'em', 'i', 'br', 'span'].includes(child.tag),
      )
    )
      continue;
    add('a whole block', first, a[0], last, b[1]);
  }
  return targets;
}

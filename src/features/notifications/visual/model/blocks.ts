import { renderedSnippet } from './snippet-tag';
import { declarationsIn } from './style-source';
import {
  allNodes,
  childrenOf,
  type ElementNode,
  type TemplateNode,
  type TemplateTree,
} from './template-tree';

/** What the admin selects, moves and edits properties of in the visual mode. */
export type BlockKind =
  | 'section'
  | 'paragraph'
  | 'heading'
  | 'button'
  | 'image'
  | 'row'
  | 'divider'
  | 'spacer'
  | 'condition'
  | 'loop'
  | 'snippet';

export interface Block {
  kind: BlockKind;
  /** What moves, is duplicated, deleted or wrapped: a whole node and its source span. */
  node: TemplateNode;
  /** The element whose attributes and styles the panel edits (a button's `<a>`), if any. */
  element: ElementNode | null;
  /** A button's or image's cell: its alignment and background belong there in e-mail. */
  cell: ElementNode | null;
}

/** Where a node sits: its parent (null at the top) and the list of siblings that holds it. */
export interface Place {
  node: TemplateNode;
  parent: TemplateNode | null;
  siblings: readonly TemplateNode[];
}

export function placesOf(tree: TemplateTree): Map<string, Place> {
  const places = new Map<string, Place>();
  const visit = (siblings: readonly TemplateNode[], parent: TemplateNode | null) => {
    for (const node of siblings) {
      places.set(node.id, { node, parent, siblings });
      if (node.kind === 'element') visit(node.children, node);
      if (node.kind === 'condition' || node.kind === 'loop') {
        for (const branch of node.branches) visit(branch.children, node);
      }
    }
  };
  visit(tree.children, null);
  return places;
}

/** An attribute's value as written in the source, or null when the element has none. */
export function attributeSource(source: string, element: ElementNode, name: string): string | null {
  const attribute = element.attributes.find((candidate) => candidate.name === name);
  if (!attribute) return null;
  return attribute.value ? source.slice(attribute.value.from, attribute.value.to) : '';
}

/** A style declaration's value as written, or null when the element's style has none. */
export function styleSource(source: string, element: ElementNode, property: string): string | null {
  const style = element.attributes.find((attribute) => attribute.name === 'style');
  if (!style?.value) return null;
  // The last declaration of a property is the one that applies.
  const declaration = declarationsIn(source, style.value).findLast(
    (candidate) => candidate.property === property,
  );
  return declaration ? source.slice(declaration.value.from, declaration.value.to) : null;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const SECTIONS = new Set(['table', 'div', 'section', 'header', 'footer', 'center', 'main']);

function elementsIn(node: TemplateNode): ElementNode[] {
  return [...allNodes([node])].filter((child) => child.kind === 'element');
}

/** Whether the node shows no text: only whitespace, `&nbsp;`-like entities and markup. */
function isEmpty(source: string, node: TemplateNode): boolean {
  return [...allNodes(childrenOf(node))].every(
    (child) =>
      child.kind === 'element' ||
      (child.kind === 'text' &&
        /^(?:\s|&nbsp;|&#8202;|&#160;|&zwnj;)*$/.test(source.slice(child.from, child.to))),
  );
}

/** An `<a>` styled as a button: its own box (a background or padding) or a coloured cell. */
function isButtonLink(source: string, element: ElementNode): boolean {
  if (element.tag !== 'a') return false;
  const className = attributeSource(source, element, 'class') ?? '';
  return (
    /\b(?:btn|button)\b/i.test(className) ||
    styleSource(source, element, 'background') !== null ||
    styleSource(source, element, 'background-color') !== null ||
    styleSource(source, element, 'padding') !== null
  );
}

/** A table that holds one link in one cell and nothing else: MJML's bulletproof button. */
function buttonOfTable(source: string, table: ElementNode): ElementNode | null {
  const elements = elementsIn(table);
  const links = elements.filter((element) => element.tag === 'a');
  const rows = elements.filter((element) => element.tag === 'tr');
  const [link] = links;
  if (links.length !== 1 || rows.length !== 1 || !link) return null;
  const outside = [...allNodes(table.children)].filter(
    (node) => node.from < link.from || node.to > link.to,
  );
  const onlyMarkup = outside.every(
    (node) =>
      node.kind === 'element' ||
      (node.kind === 'text' && source.slice(node.from, node.to).trim() === ''),
  );
  return onlyMarkup ? link : null;
}

function cellAround(places: Map<string, Place>, node: TemplateNode): ElementNode | null {
  for (let at = places.get(node.id)?.parent; at; at = places.get(at.id)?.parent) {
    if (at.kind === 'element' && at.tag === 'td') return at;
    if (at.kind !== 'element' || at.tag !== 'a') return null;
  }
  return null;
}

/** The block a node is, if it is one by itself (not by being inside one). */
function blockOfNode(source: string, node: TemplateNode, places: Map<string, Place>): Block | null {
  if (node.kind === 'condition' || node.kind === 'loop') {
    return { kind: node.kind, node, element: null, cell: null };
  }
  // A snippet's tag is one block: moved and deleted whole, its body edited in its own editor.
  if (renderedSnippet(source, node) !== null) {
    return { kind: 'snippet', node, element: null, cell: null };
  }
  if (node.kind !== 'element') return null;
  const simple = (kind: BlockKind): Block => ({
    kind,
    node,
    element: node,
    cell: kind === 'image' || kind === 'button' ? cellAround(places, node) : null,
  });
  const tag = node.tag;
  if (tag === 'img') return simple('image');
  if (tag === 'hr') return simple('divider');
  if (tag === 'tr') return simple('row');
  if (HEADINGS.has(tag)) return simple('heading');
  if (tag === 'a') return isButtonLink(source, node) ? simple('button') : null;
  if (tag === 'p') {
    const ruled = styleSource(source, node, 'border-top') !== null;
    return simple(ruled && isEmpty(source, node) ? 'divider' : 'paragraph');
  }
  if (tag === 'table') {
    const link = buttonOfTable(source, node);
    if (link) return { kind: 'button', node, element: link, cell: cellAround(places, link) };
  }
  if (SECTIONS.has(tag)) {
    const spaced = styleSource(source, node, 'height') !== null && isEmpty(source, node);
    return simple(spaced ? 'spacer' : 'section');
  }
  return null;
}

function tableAround(places: Map<string, Place>, node: TemplateNode): ElementNode | null {
  for (let at = places.get(node.id)?.parent; at; at = places.get(at.id)?.parent) {
    if (at.kind === 'element' && at.tag === 'table') return at;
  }
  return null;
}

/** The nearest block a node belongs to: itself, or the closest block around it. */
export function blockAround(
  tree: TemplateTree,
  places: Map<string, Place>,
  id: string,
): Block | null {
  for (let at = places.get(id)?.node; at; at = places.get(at.id)?.parent ?? undefined) {
    const block = blockOfNode(tree.source, at, places);
    if (!block) continue;
    // A button's link inside a button table: the table is the block that moves.
    const table = block.kind === 'button' ? tableAround(places, block.node) : null;
    const outer = table && blockOfNode(tree.source, table, places);
    return outer?.kind === 'button' ? outer : block;
  }
  return null;
}

/** The block around a block (Alt+ArrowUp), or null at the top. */
export function parentBlock(
  tree: TemplateTree,
  places: Map<string, Place>,
  block: Block,
): Block | null {
  const parent = places.get(block.node.id)?.parent;
  return parent ? blockAround(tree, places, parent.id) : null;
}

/** The first block inside a block (Alt+ArrowDown), or null when it holds none. */
export function firstChildBlock(
  tree: TemplateTree,
  places: Map<string, Place>,
  block: Block,
): Block | null {
  for (const node of allNodes(childrenOf(block.node))) {
    const inner = blockAround(tree, places, node.id);
    if (inner && inner.node !== block.node) return inner;
  }
  return null;
}

/** The block whose node starts at `from` (after an edit moved or inserted it), outermost first. */
export function blockStartingAt(
  tree: TemplateTree,
  places: Map<string, Place>,
  from: number,
): Block | null {
  for (const node of allNodes(tree.children)) {
    if (node.from !== from || node.kind === 'text') continue;
    const block = blockAround(tree, places, node.id);
    if (block?.node.from === from) return block;
  }
  return null;
}

export const BLOCK_LABELS: Record<BlockKind, string> = {
  section: 'Section',
  paragraph: 'Text',
  heading: 'Heading',
  button: 'Button',
  image: 'Image',
  row: 'Table row',
  divider: 'Divider',
  spacer: 'Spacer',
  condition: 'Only if…',
  loop: 'Repeat for each…',
  snippet: 'Snippet',
};

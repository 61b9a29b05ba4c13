// Small DOM helpers of the canvas editor (decision 037): which element takes the focus for a
// text, the next text in document order, node kinds, where two sources differ, and which drawn
// part has the focus.

/**
 * The element that takes the focus for a text: the outermost editable one (a button's link is
 * editable inside its editable cell, and only the cell is an editing host the focus can go to).
 */
export function editingHost(node: Node): HTMLElement | null {
  let host = node.parentElement?.closest<HTMLElement>('[contenteditable="true"]') ?? null;
  for (let outer = host?.parentElement?.closest<HTMLElement>('[contenteditable="true"]'); outer;) {
    host = outer;
    outer = outer.parentElement?.closest<HTMLElement>('[contenteditable="true"]');
  }
  return host;
}

/** The next DOM text after `text` in document order. */
export function nextText(doc: Document, text: Text): Node | null {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  walker.currentNode = text;
  return walker.nextNode();
}

export function isNode(target: EventTarget | null): target is Node {
  return target !== null && 'nodeType' in target;
}

export function isText(node: Node): node is Text {
  return node.nodeType === Node.TEXT_NODE;
}

export function isElement(node: Node): node is HTMLElement {
  return node.nodeType === Node.ELEMENT_NODE;
}

/** The end of the changed run in `next`, as an offset of `next`. */
export function changedEnd(previous: string, next: string): number {
  let suffix = 0;
  const limit = Math.min(previous.length, next.length);
  while (
    suffix < limit &&
    previous[previous.length - 1 - suffix] === next[next.length - 1 - suffix]
  ) {
    suffix++;
  }
  return next.length - suffix;
}

/** The data attributes that name a drawn part: a drawing of the same source names it the same. */
const PART_NAMES = ['node', 'frame', 'branch', 'offset'] as const;

/**
 * A selector for the focused element when it is a part of the drawing that is not an editing host
 * (a chip, a branch switch, a locked island's button): a drawing of the same source draws it
 * again under the same names. Null when nothing is focused, or an editing host is (its caret or
 * selection is what a redraw keeps).
 */
export function focusedPart(doc: Document): string | null {
  const active = doc.activeElement;
  if (!active || active === doc.body || !isElement(active)) return null;
  if (active.getAttribute('contenteditable') === 'true') return null;
  const names = PART_NAMES.flatMap((name) => {
    const value = active.dataset[name];
    return value === undefined ? [] : [`[data-${name}="${CSS.escape(value)}"]`];
  });
  return names.length === 0 ? null : active.localName + names.join('');
}

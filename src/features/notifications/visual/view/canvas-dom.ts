// Small DOM helpers of the canvas editor (decision 037): which element takes the focus for a
// text, the next text in document order, node kinds, and where two sources differ.

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

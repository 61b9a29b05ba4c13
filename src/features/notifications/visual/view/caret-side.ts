// The caret's side of a boundary between plain text and a link or mark: at "order|" the caret
// may be inside the link (typing extends its label) or after it (typing adds plain text). The
// DOM says which (the text node the caret is in); this shows it, as Google Docs does, and lets
// ArrowLeft/Right step across the boundary without moving over a character.

/** Elements a caret can be inside of at the edge of their text. */
const MARKS = new Set([
  'A',
  'B',
  'STRONG',
  'I',
  'EM',
  'U',
  'S',
  'SPAN',
  'SMALL',
  'FONT',
  'CODE',
  'MARK',
  'SUP',
  'SUB',
]);

/** Marks the element the caret is inside of, when it sits at an edge of its text. */
export const CARET_SIDE_CSS = `
.sc-caret-in{box-shadow:0 0 0 2px #93c5fd;border-radius:2px}
`;

const EDITABLE = '[contenteditable="true"]';

function innermostMark(node: Node, root: Element | null): Element | null {
  for (
    let element = node.parentElement;
    element && element !== root;
    element = element.parentElement
  ) {
    if (MARKS.has(element.tagName)) return element;
  }
  return null;
}

export class CaretSide {
  private marked: Element | null = null;

  constructor(
    private readonly doc: Document,
    /** Whether a DOM text is one the canvas drew from the source (not a chip's or a label's). */
    private readonly known: (text: Text) => boolean,
  ) {
    doc.addEventListener('selectionchange', this.update);
  }

  destroy() {
    this.doc.removeEventListener('selectionchange', this.update);
  }

  private caret(): { text: Text; at: number; root: Element | null } | null {
    const selection = this.doc.getSelection();
    if (!selection?.isCollapsed || !selection.focusNode) return null;
    const node = selection.focusNode;
    if (node.nodeType !== Node.TEXT_NODE || !this.known(node as Text)) return null;
    // Editable elements nest (a button's link inside its editable cell): the outermost one holds
    // both sides of the link's boundary.
    let root = node.parentElement?.closest(EDITABLE) ?? null;
    for (let outer = root?.parentElement?.closest(EDITABLE); outer;) {
      root = outer;
      outer = outer.parentElement?.closest(EDITABLE);
    }
    return { text: node as Text, at: selection.focusOffset, root };
  }

  readonly update = () => {
    const caret = this.caret();
    let mark: Element | null = null;
    if (caret && (caret.at === 0 || caret.at === caret.text.length)) {
      mark = innermostMark(caret.text, caret.root);
    }
    if (mark === this.marked) return;
    this.marked?.classList.remove('sc-caret-in');
    mark?.classList.add('sc-caret-in');
    this.marked = mark;
  };

  /** ArrowLeft/Right at a boundary: the caret changes side first. True when it handled the key. */
  onKeyDown(event: KeyboardEvent): boolean {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return false;
    if (event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return false;
    const caret = this.caret();
    if (!caret?.root) return false;
    const forward = event.key === 'ArrowRight';
    if (caret.at !== (forward ? caret.text.length : 0)) return false;
    const walker = this.doc.createTreeWalker(caret.root, NodeFilter.SHOW_TEXT);
    walker.currentNode = caret.text;
    const other = forward ? walker.nextNode() : walker.previousNode();
    if (!other || !this.known(other as Text)) return false;
    if (innermostMark(other, caret.root) === innermostMark(caret.text, caret.root)) return false;
    // Nothing drawn between the two (a line break, an image): only the boundary.
    const between = this.doc.createRange();
    if (forward) {
      between.setStart(caret.text, caret.at);
      between.setEnd(other, 0);
    } else {
      between.setStart(other, (other as Text).length);
      between.setEnd(caret.text, 0);
    }
    if (between.cloneContents().querySelector('br, img, .sc-chip')) return false;
    event.preventDefault();
    this.doc.getSelection()?.collapse(other, forward ? 0 : (other as Text).length);
    this.update();
    return true;
  }
}

// Where a source offset is drawn in the canvas, and where a DOM position sits in the source
// (decision 037): a DOM text belongs to one text node of the tree, so its side of a boundary is
// exact. Reads the editor's current drawing; changes nothing but the focus it is asked to give
// (and an emptied cell it makes editable, for the caret).
import { editingHost, isElement, isText, nextText } from './canvas-dom';
import type { Span, TemplateNode } from '../model/template-tree';
import { sourceOffsetAt, textOffsetAt } from '../model/text-source';

/** What the editor has drawn: the source, its nodes by id, and DOM text → id of its node. */
export interface Drawing {
  source: string;
  index: ReadonlyMap<string, TemplateNode>;
  texts: ReadonlyMap<Text, string>;
}

/** A DOM position in an editable place, with the editing host that takes the focus for it. */
export interface DomPoint {
  text: Node;
  at: number;
  editable: HTMLElement;
}

export class CanvasPositions {
  constructor(
    private readonly doc: Document,
    private readonly drawing: () => Drawing,
  ) {}

  /**
   * A caret where no text is (after a `<br>`, in an emptied mark, beside a chip): before or
   * after the drawn element whose source starts or ends there, or inside it when it is empty.
   */
  elementPoint(offset: number): DomPoint | null {
    const { index } = this.drawing();
    for (const element of this.doc.querySelectorAll<HTMLElement>('[data-node]')) {
      const node = index.get(element.dataset.node ?? '');
      // An emptied text block is its own editing host: the caret goes inside it.
      if (
        node?.kind === 'element' &&
        node.close &&
        node.open.to === offset &&
        element.childNodes.length === 0 &&
        element.contentEditable === 'true'
      ) {
        return { text: element, at: 0, editable: editingHost(element) ?? element };
      }
      const editable = node && editingHost(element);
      const parent = element.parentNode;
      if (!node || !editable || !parent || !editable.contains(parent)) continue;
      const at = [...parent.childNodes].indexOf(element);
      // Inside an emptied mark, never inside a void `<br>`: a caret there maps to no source.
      if (
        node.kind === 'element' &&
        node.close &&
        node.open.to === offset &&
        element.childNodes.length === 0
      ) {
        return { text: element, at: 0, editable };
      }
      if (node.to === offset) return { text: parent, at: at + 1, editable };
      if (node.from === offset) return { text: parent, at, editable };
    }
    return null;
  }

  /**
   * A cell or div whose text the admin just deleted is drawn with nothing in it, and (unlike an
   * emptied paragraph) not editable: it becomes its own editing host, so the next keys land in
   * it. Only where an edit put the caret: a spacer that was empty in the source stays as drawn.
   */
  emptiedPoint(offset: number): DomPoint | null {
    const { index } = this.drawing();
    for (const element of this.doc.querySelectorAll<HTMLElement>('[data-node]')) {
      const node = index.get(element.dataset.node ?? '');
      if (node?.kind !== 'element' || node.open.to !== offset || node.close?.from !== offset) {
        continue;
      }
      if (
        element.childNodes.length > 0 ||
        element.closest('[contenteditable="true"], [inert], .sc-copy')
      )
        continue;
      element.contentEditable = 'true';
      return { text: element, at: 0, editable: element };
    }
    return null;
  }

  /** The drawn, editable text position of a source offset; at a boundary, the text on `side`. */
  domPoint(offset: number, side: 'start' | 'end'): (DomPoint & { text: Text }) | null {
    const { source, index, texts } = this.drawing();
    let ending: (DomPoint & { text: Text }) | null = null;
    for (const [text, id] of texts) {
      const node = index.get(id);
      if (!node || offset < node.from || offset > node.to) continue;
      const editable = editingHost(text);
      if (!editable) continue;
      const at = Math.min(textOffsetAt(source, node, offset), text.length);
      if (side === 'end' || offset < node.to) return { text, at, editable };
      ending ??= { text, at, editable };
    }
    return ending;
  }

  /** Where a DOM position sits in the source, if it is inside a text the canvas drew. */
  private sourcePosition(container: Node, offset: number): number | null {
    const { source, index, texts } = this.drawing();
    if (isText(container)) {
      const id = texts.get(container);
      const node = id === undefined ? undefined : index.get(id);
      return node ? sourceOffsetAt(source, node, offset) : null;
    }
    // Inside a drawn element with nothing in it (an emptied heading): its content's start.
    const empty = isElement(container) && container.childNodes.length === 0;
    const holder = empty ? index.get(container.dataset.node ?? '') : undefined;
    if (holder?.kind === 'element' && holder.close) return holder.open.to;
    // Between children of an element: after the drawn node before it, or before the one after.
    const before = container.childNodes[offset - 1];
    const after = container.childNodes[offset];
    const end = before && this.spanOfDom(before)?.to;
    if (end !== undefined) return end;
    const start = after && this.spanOfDom(after)?.from;
    return start ?? null;
  }

  private spanOfDom(dom: Node): Span | undefined {
    const { index, texts } = this.drawing();
    const id = isText(dom) ? texts.get(dom) : isElement(dom) ? dom.dataset.node : undefined;
    return id === undefined ? undefined : index.get(id);
  }

  /** The source range of a DOM range, narrowed to one text when it only touches the next. */
  sourceRange(range: AbstractRange): Span | null {
    let { startContainer, startOffset, endContainer, endOffset } = range;
    if (isText(startContainer) && isText(endContainer) && startContainer !== endContainer) {
      if (endOffset === 0 && nextText(this.doc, startContainer) === endContainer) {
        endContainer = startContainer;
        endOffset = startContainer.length;
      } else if (
        startOffset === startContainer.length &&
        nextText(this.doc, startContainer) === endContainer
      ) {
        startContainer = endContainer;
        startOffset = 0;
      }
    }
    const from = this.sourcePosition(startContainer, startOffset);
    const to = this.sourcePosition(endContainer, endOffset);
    return from === null || to === null || to < from ? null : { from, to };
  }
}

import { BLOCK_LABELS, type BlockKind } from '../model/blocks';

const BOX_STYLE =
  'position:absolute;pointer-events:none;box-sizing:border-box;border:2px solid #2563eb;' +
  'border-radius:2px;z-index:2147483647;margin:0;padding:0;display:none';
const LABEL_STYLE =
  'position:absolute;left:-2px;bottom:100%;font:600 11px/16px system-ui,sans-serif;' +
  'color:#fff;background:#1d4ed8;padding:0 6px;border-radius:3px 3px 0 0;white-space:nowrap';

/**
 * The outline and kind label of the selected block. It lives outside the template's body (a
 * sibling of it in the canvas document), so drawing it never touches the template's DOM, and it
 * is measured from what the canvas drew: the block's element, or the parts of a frame in a table.
 */
export class SelectionOutline {
  private readonly box: HTMLElement;
  private readonly label: HTMLElement;
  private current: { id: string; kind: BlockKind } | null = null;

  constructor(private readonly doc: Document) {
    this.box = doc.createElement('sc-selection');
    this.box.setAttribute('style', BOX_STYLE);
    this.box.setAttribute('aria-hidden', 'true');
    this.label = doc.createElement('sc-selection-label');
    this.label.setAttribute('style', LABEL_STYLE);
    this.box.append(this.label);
    doc.documentElement.append(this.box);
    doc.defaultView?.addEventListener('resize', this.place);
  }

  remove() {
    this.doc.defaultView?.removeEventListener('resize', this.place);
    this.box.remove();
  }

  show(selected: { id: string; kind: BlockKind } | null) {
    this.current = selected;
    this.label.textContent = selected ? BLOCK_LABELS[selected.kind] : '';
    this.place();
  }

  /** Scrolls the outlined block into view (the canvas, and the page around its frame). */
  reveal() {
    this.box.scrollIntoView({ block: 'center' });
  }

  private readonly place = () => {
    const rect = this.current && this.measure(this.current.id);
    if (!rect) {
      this.box.style.display = 'none';
      return;
    }
    const view = this.doc.defaultView;
    const x = view?.scrollX ?? 0;
    const y = view?.scrollY ?? 0;
    // At the top of the canvas the label goes inside the outline, where it can be seen.
    const inside = rect.top + y < 20;
    Object.assign(this.label.style, {
      bottom: inside ? 'auto' : '100%',
      top: inside ? '0' : 'auto',
    });
    Object.assign(this.box.style, {
      display: 'block',
      left: `${String(rect.left + x - 3)}px`,
      top: `${String(rect.top + y - 3)}px`,
      width: `${String(rect.width + 6)}px`,
      height: `${String(rect.height + 6)}px`,
    });
  };

  private measure(id: string): DOMRect | null {
    const escaped = CSS.escape(id);
    const parts = this.doc.querySelectorAll(
      `[data-node="${escaped}"], [data-node^="${escaped}."], [data-frame="${escaped}"]`,
    );
    let union: DOMRect | null = null;
    for (const part of parts) {
      const rect = part.getBoundingClientRect();
      if (rect.width === 0 && rect.height === 0) continue;
      union = union
        ? new DOMRect(
            Math.min(union.left, rect.left),
            Math.min(union.top, rect.top),
            Math.max(union.right, rect.right) - Math.min(union.left, rect.left),
            Math.max(union.bottom, rect.bottom) - Math.min(union.top, rect.top),
          )
        : rect;
    }
    return union;
  }
}

import { editingHost, isElement } from './canvas-dom';

/**
 * Where the admin is pressing the primary button in the canvas, from pointerdown to pointerup.
 * A redraw during a press loses the click: Chromium sends none when the element pressed is gone
 * by the release, and the press's own focus step can flush the page's pending updates (the
 * snippets just arrived) into a redraw. So a redraw asked for during a press waits for its end.
 * A click focuses its block first and only then has the browser put the caret in it; the press
 * point tells where the click meant it to go, should a drawing still find no caret.
 */
export class PressPoint {
  private point: { x: number; y: number } | null = null;
  private afterRelease: (() => void) | null = null;

  constructor(private readonly doc: Document) {
    doc.addEventListener('pointerdown', this.onDown, true);
    doc.addEventListener('pointerup', this.onUp, true);
    doc.addEventListener('pointercancel', this.onUp, true);
    doc.defaultView?.addEventListener('blur', this.onUp);
  }

  destroy() {
    this.doc.removeEventListener('pointerdown', this.onDown, true);
    this.doc.removeEventListener('pointerup', this.onUp, true);
    this.doc.removeEventListener('pointercancel', this.onUp, true);
    this.doc.defaultView?.removeEventListener('blur', this.onUp);
    this.afterRelease = null;
  }

  /** Runs `run` now, or once the press is over (the latest one asked for, after the click). */
  whenReleased(run: () => void) {
    if (this.point) this.afterRelease = run;
    else run();
  }

  /** Puts the caret where the press is, if one is on and it points into editable text. */
  placeCaret() {
    if (!this.point) return;
    const position = this.doc.caretPositionFromPoint(this.point.x, this.point.y);
    const node = position?.offsetNode;
    if (!position || !node) return;
    const host =
      isElement(node) && node.getAttribute('contenteditable') === 'true'
        ? (editingHost(node) ?? node)
        : editingHost(node);
    if (!host) return;
    host.focus();
    this.doc.getSelection()?.collapse(node, position.offset);
  }

  private readonly onDown = (event: PointerEvent) => {
    this.point = event.button === 0 ? { x: event.clientX, y: event.clientY } : null;
  };

  private readonly onUp = () => {
    this.point = null;
    const run = this.afterRelease;
    this.afterRelease = null;
    // A task later: the click that follows pointerup goes to the element pressed first.
    if (run) this.doc.defaultView?.setTimeout(run, 0);
  };
}

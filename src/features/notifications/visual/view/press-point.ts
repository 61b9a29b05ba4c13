/**
 * Whether the admin is pressing the primary button in the canvas, from pointerdown to pointerup.
 * A redraw during a press loses the click: Chromium sends none when the element pressed is gone
 * by the release, and the press's own focus step can flush the page's pending updates (the
 * snippets just arrived) into a redraw. So a redraw asked for during a press waits for its end,
 * and by then the browser has put the caret where the click meant it.
 */
export class PressPoint {
  private pressing = false;
  private afterRelease: (() => void) | null = null;
  private releaseTimer: number | undefined;

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
    this.doc.defaultView?.clearTimeout(this.releaseTimer);
    this.afterRelease = null;
  }

  /** Runs `run` now, or once the press is over (the latest one asked for, after the click). */
  whenReleased(run: () => void) {
    if (this.pressing) this.afterRelease = run;
    else run();
  }

  private readonly onDown = (event: PointerEvent) => {
    this.pressing = event.button === 0;
  };

  private readonly onUp = () => {
    this.pressing = false;
    const run = this.afterRelease;
    this.afterRelease = null;
    // A task later: the click that follows pointerup goes to the element pressed first. Should
    // the next press have begun by then, the run waits for its release too, unless that press
    // has asked for a later one.
    if (!run) return;
    this.releaseTimer = this.doc.defaultView?.setTimeout(() => {
      if (!this.pressing) run();
      else this.afterRelease ??= run;
    }, 0);
  };
}

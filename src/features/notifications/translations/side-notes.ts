// The side-by-side mode in the canvas document (issue 28): beside each block of a translation,
// the default's text of that block. The notes follow the drawn blocks but are never part of
// what is edited: they live in a layer of their own, outside every editable element, and the
// canvas never reads its DOM back into the source (decision 037), so nothing of them can reach
// the html. Their layout runs in an animation frame, never in the keystroke's handler.
import { blockNotes, type BlockNote, type ReferenceTrees } from './reference-notes';
import { NOTES_CSS, noteElement } from './side-notes-dom';
import type { TemplateTree } from '../visual/model/template-tree';

/** The column's width beside the e-mail, and the canvas width from which there is room for it. */
const GUTTER = 232;
const WIDE_FROM = 560;
const GAP = 6;

export interface SideNotesSummary {
  /** The translation's blocks whose default changed (or is new) since it was saved, in order. */
  changed: string[];
}

const WORDS = /\p{L}/u;

/** A note is shown where the default has words to translate, or where it changed. */
function worthShowing(note: BlockNote): boolean {
  return (
    note.change.kind !== 'same' ||
    note.pieces.some((piece) => piece.kind === 'text' && WORDS.test(piece.text))
  );
}

export class SideNotes {
  private reference: ReferenceTrees | null = null;
  private tree: TemplateTree | null = null;
  private readonly layer: HTMLElement;
  private readonly style: HTMLStyleElement;
  /** Each shown note and the drawn block it belongs to. */
  private placed: { note: HTMLElement; block: HTMLElement }[] = [];
  /** A block's own bottom padding (px), before the narrow layout made room under it. */
  private padding = new WeakMap<HTMLElement, number>();
  /** …and its inline `padding-bottom` as written, to put back. */
  private inlinePadding = new WeakMap<HTMLElement, string>();
  private frame = 0;
  private rebuildDue = false;
  private readonly resizes: ResizeObserver;
  private current: string | null = null;

  constructor(
    private readonly doc: Document,
    private language: string,
    private readonly summary: (summary: SideNotesSummary) => void,
  ) {
    this.layer = doc.createElement('sc-notes');
    this.style = doc.createElement('style');
    this.style.textContent = NOTES_CSS;
    const view = doc.defaultView;
    // A block that grows (typing) or moves (an image loading) moves the notes after it.
    this.resizes = new (view?.ResizeObserver ?? ResizeObserver)(() => this.schedule(false));
    view?.addEventListener('resize', this.onResize);
  }

  destroy() {
    this.doc.defaultView?.cancelAnimationFrame(this.frame);
    this.resizes.disconnect();
    this.doc.defaultView?.removeEventListener('resize', this.onResize);
    this.clear();
  }

  /** Shows the notes for this reference, or none (null). */
  setReference(reference: ReferenceTrees | null, language: string) {
    this.reference = reference;
    this.language = language;
    if (!reference) {
      this.clear();
      this.summary({ changed: [] });
      return;
    }
    this.schedule(true);
  }

  /** The canvas drew its document again: its blocks are new elements. */
  drawn(tree: TemplateTree) {
    this.tree = tree;
    if (!this.reference) return;
    // Drawing emptied the body and the head's later children: the layer comes back at once (no
    // frame without notes), its notes are made again after the paint.
    this.attach();
    this.schedule(true);
  }

  /** Typing moved the tree's offsets in place (no redraw): the blocks are the same elements. */
  typed(tree: TemplateTree) {
    this.tree = tree;
  }

  /** Scrolls to a translation block's note and puts the caret in the block. */
  goTo(blockId: string) {
    const entry = this.placed.find(({ note }) => note.dataset.block === blockId);
    if (!entry) return;
    this.current = blockId;
    for (const { note } of this.placed) note.toggleAttribute('data-current', note === entry.note);
    entry.block.scrollIntoView({ block: 'center' });
    const host = entry.block.isContentEditable
      ? (entry.block.closest<HTMLElement>('[contenteditable="true"]') ?? entry.block)
      : entry.block;
    host.focus({ preventScroll: true });
    const selection = this.doc.getSelection();
    if (selection && host.isContentEditable) {
      selection.selectAllChildren(host);
      selection.collapseToStart();
    }
  }

  private readonly onResize = () => this.schedule(false);

  private attach() {
    if (!this.style.isConnected) this.doc.head.append(this.style);
    if (!this.layer.isConnected) this.doc.body.append(this.layer);
  }

  private clear() {
    for (const { note, block } of this.placed) {
      note.remove();
      this.unlink(block);
    }
    this.placed = [];
    this.resizes.disconnect();
    this.layer.remove();
    this.style.remove();
    this.doc.documentElement.classList.remove('sc-side-wide', 'sc-side-narrow');
  }

  private unlink(block: HTMLElement) {
    block.removeAttribute('aria-describedby');
    this.unlinkPadding(block);
  }

  /** Gives back the room the narrow layout took under a block. */
  private unlinkPadding(block: HTMLElement) {
    for (const target of [block, block.parentElement]) {
      if (!target) continue;
      const inline = this.inlinePadding.get(target);
      if (inline !== undefined) target.style.paddingBottom = inline;
    }
  }

  /** The padding the template gives `target` below its content, read once. */
  private ownPadding(view: Window, target: HTMLElement): number {
    let own = this.padding.get(target);
    if (own === undefined) {
      own = parseFloat(view.getComputedStyle(target).paddingBottom) || 0;
      this.padding.set(target, own);
      this.inlinePadding.set(target, target.style.paddingBottom);
    }
    return own;
  }

  private schedule(rebuild: boolean) {
    this.rebuildDue ||= rebuild;
    if (this.frame) return;
    const view = this.doc.defaultView;
    if (!view) return;
    this.frame = view.requestAnimationFrame(() => {
      this.frame = 0;
      if (!this.reference) return;
      if (this.rebuildDue) this.rebuild();
      this.rebuildDue = false;
      this.layout();
    });
  }

  /** Makes a note for each paired block the canvas drew. */
  private rebuild() {
    const reference = this.reference;
    if (!reference || !this.tree) return;
    for (const { note, block } of this.placed) {
      note.remove();
      this.unlink(block);
    }
    this.placed = [];
    this.resizes.disconnect();
    this.attach();
    const changed: string[] = [];
    for (const [index, note] of blockNotes(this.tree, reference).entries()) {
      if (!worthShowing(note)) continue;
      // The first repetition of a loop (and the shown branch of a frame) is the drawn block.
      const block = this.doc.querySelector<HTMLElement>(`[data-node="${note.blockId}"]`);
      if (!block) continue;
      const element = noteElement(this.doc, note, this.language, `sc-note-${String(index)}`);
      element.toggleAttribute('data-current', note.blockId === this.current);
      this.layer.append(element);
      // Read with the block: a screen reader says the default's text when the block is focused.
      block.setAttribute('aria-describedby', element.id);
      this.placed.push({ note: element, block });
      this.resizes.observe(block);
      if (note.change.kind !== 'same') changed.push(note.blockId);
    }
    this.resizes.observe(this.doc.body);
    this.summary({ changed });
  }

  private layout() {
    const view = this.doc.defaultView;
    if (!view) return;
    const root = this.doc.documentElement;
    const wide = view.innerWidth >= WIDE_FROM;
    root.classList.toggle('sc-side-wide', wide);
    root.classList.toggle('sc-side-narrow', !wide);
    root.style.setProperty('--sc-gutter', `${String(GUTTER + 2 * GAP)}px`);
    if (wide) this.layoutBeside(view);
    else this.layoutUnder(view);
  }

  /** A column right of the e-mail: each note level with its block, pushed down by the one above. */
  private layoutBeside(view: Window) {
    const left = this.doc.documentElement.clientWidth - GUTTER - GAP;
    for (const { note, block } of this.placed) {
      this.unlinkPadding(block);
      note.style.left = `${String(left)}px`;
      note.style.width = `${String(GUTTER)}px`;
    }
    // All reads, then all writes: one layout.
    const tops = this.placed.map(({ block }) => {
      const rect = block.getBoundingClientRect();
      return rect.height === 0 ? null : rect.top + view.scrollY;
    });
    const heights = this.placed.map(({ note }) => note.offsetHeight);
    const order = this.placed
      .map((_, index) => index)
      .sort((a, b) => (tops[a] ?? 0) - (tops[b] ?? 0));
    let bottom = -Infinity;
    for (const index of order) {
      const entry = this.placed[index];
      const top = tops[index];
      if (!entry) continue;
      entry.note.hidden = top === null || top === undefined;
      if (top === null || top === undefined) continue;
      const at = Math.max(top, bottom + GAP);
      entry.note.style.top = `${String(at)}px`;
      bottom = at + (heights[index] ?? 0);
    }
  }

  /** Under each block, in room the block makes below its own text. */
  private layoutUnder(view: Window) {
    const boxes = this.placed.map(({ block }) => {
      const target =
        view.getComputedStyle(block).display === 'inline' ? block.parentElement : block;
      if (target) this.ownPadding(view, target);
      return { target, rect: block.getBoundingClientRect() };
    });
    this.placed.forEach(({ note }, index) => {
      const width = boxes[index]?.rect.width ?? 0;
      note.style.width = `${String(Math.max(width, 120))}px`;
    });
    const heights = this.placed.map(({ note }) => note.offsetHeight);
    boxes.forEach(({ target }, index) => {
      if (!target) return;
      const own = this.padding.get(target) ?? 0;
      target.style.paddingBottom = `${String(own + (heights[index] ?? 0) + 2 * GAP)}px`;
    });
    const rects = boxes.map(({ target }) => target?.getBoundingClientRect() ?? null);
    this.placed.forEach(({ note }, index) => {
      const rect = rects[index];
      const box = boxes[index];
      note.hidden = !rect || rect.height === 0;
      if (!rect || !box?.target) return;
      const own = this.padding.get(box.target) ?? 0;
      note.style.left = `${String(box.rect.left + view.scrollX)}px`;
      note.style.top = `${String(rect.bottom + view.scrollY - own - (heights[index] ?? 0) - GAP)}px`;
    });
  }
}

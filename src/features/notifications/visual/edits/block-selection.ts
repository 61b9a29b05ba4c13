import { deleteBlock, duplicateBlock, moveBlock, type BlockEdit } from './block-edits';
import { blockCommandOf, type BlockCommand } from './block-shortcuts';
import { SelectionOutline } from '../view/selection-outline';
import {
  blockAround,
  blockStartingAt,
  firstChildBlock,
  parentBlock,
  placesOf,
  type Block,
  type Place,
} from '../model/blocks';
import type { SourceChange } from '../model/text-source';
import type { TemplateNode, TemplateTree } from '../model/template-tree';

/** The selected block with the tree it was found in: what the panel needs to compute edits. */
export interface SelectedBlock {
  tree: TemplateTree;
  places: Map<string, Place>;
  block: Block;
  place: Place;
}

/** Marks of the canvas that other parts handle: chips, frame labels, locked islands, Edit snippet. */
const NOT_OURS = '.sc-chip, .sc-frame-label, .sc-locked-button, .sc-snippet-edit';

function isElement(target: EventTarget | null): target is Element {
  return target !== null && 'closest' in target;
}

/**
 * Which block of the canvas is selected, kept across redraws: by its id while typing, by where
 * it starts after a block action moved it. An external store for React (subscribe/snapshot);
 * it applies block actions as changes of the one document through `apply`.
 */
export class BlockSelection {
  private tree: TemplateTree = { source: '', children: [] };
  private places = new Map<string, Place>();
  private selected: SelectedBlock | null = null;
  /** After a block action: the offset the resulting block starts at once the source comes back. */
  private expected: number | null = null;
  /** A place to reveal (a check's finding) asked for before the canvas had drawn its tree. */
  private revealing: number | null = null;
  private doc: Document | null = null;
  private outline: SelectionOutline | null = null;
  private readonly listeners = new Set<() => void>();

  /** Applies changes to the one document; set by the canvas this selection is attached to. */
  private apply: (changes: SourceChange[]) => void = () => undefined;

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): SelectedBlock | null => this.selected;

  /** The tree the canvas shows, for inserting when nothing is selected. */
  currentTree(): TemplateTree {
    return this.tree;
  }

  attach(doc: Document, apply: (changes: SourceChange[]) => void) {
    this.detach();
    this.doc = doc;
    this.apply = apply;
    this.outline = new SelectionOutline(doc);
    doc.addEventListener('click', this.onClick);
    doc.addEventListener('focusin', this.onFocusIn);
    doc.addEventListener('keydown', this.onKeyDown);
    this.flushReveal();
  }

  detach() {
    this.doc?.removeEventListener('click', this.onClick);
    this.doc?.removeEventListener('focusin', this.onFocusIn);
    this.doc?.removeEventListener('keydown', this.onKeyDown);
    this.outline?.remove();
    this.outline = null;
    this.doc = null;
  }

  /** The canvas has a new tree (and, drawn, new DOM): find the selected block in it again. */
  treeChanged(tree: TemplateTree) {
    this.tree = tree;
    this.places = placesOf(tree);
    const previous = this.selected?.block;
    let block: Block | null = null;
    if (this.expected !== null) {
      block = blockStartingAt(tree, this.places, this.expected);
      this.expected = null;
    } else if (previous) {
      const again = blockAround(tree, this.places, previous.node.id);
      block = again?.node.id === previous.node.id && again.kind === previous.kind ? again : null;
    }
    this.set(block);
    this.flushReveal();
  }

  /**
   * Selects the block whose source holds `offset` and scrolls the canvas to it: where a check's
   * finding is (issue 39). Kept until the canvas has drawn when it has not yet.
   */
  revealAt(offset: number) {
    this.revealing = offset;
    this.flushReveal();
  }

  private flushReveal() {
    const offset = this.revealing;
    if (offset === null || !this.doc || this.places.size === 0) return;
    this.revealing = null;
    // Places are in document order, a node after its parent: the last that holds it is innermost.
    let innermost: TemplateNode | null = null;
    for (const { node } of this.places.values()) {
      if (node.from <= offset && offset < node.to) innermost = node;
    }
    const block = innermost && blockAround(this.tree, this.places, innermost.id);
    this.set(block);
    if (block) this.outline?.reveal();
  }

  select(block: Block | null) {
    this.set(block);
  }

  /** Applies a block action; the block it leaves is selected once the new source is shown. */
  applyEdit(edit: BlockEdit) {
    this.expected = edit.select;
    if (edit.select === null) this.set(null);
    this.apply(edit.changes);
  }

  /** Changes of the selected block's properties: the selection stays where it is. */
  applyChanges(changes: SourceChange[]) {
    if (changes.length > 0) this.apply(changes);
  }

  /** Runs a keyboard command; true when it did something (the key is then consumed). */
  run(command: BlockCommand): boolean {
    const current = this.selected;
    if (command === 'clear') {
      if (!current) return false;
      this.set(null);
      return true;
    }
    if (command === 'parent') {
      if (!current) return this.selectAtCaret();
      const parent = parentBlock(this.tree, this.places, current.block);
      if (parent) this.set(parent);
      return true;
    }
    if (!current) return false;
    if (command === 'child') {
      const child = firstChildBlock(this.tree, this.places, current.block);
      if (child) this.set(child);
      return true;
    }
    const { source } = this.tree;
    const edit =
      command === 'duplicate'
        ? duplicateBlock(source, current.place)
        : command === 'delete'
          ? deleteBlock(source, current.place)
          : moveBlock(source, current.place, command === 'move-up' ? 'up' : 'down');
    if (edit) this.applyEdit(edit);
    return true;
  }

  private set(block: Block | null) {
    const place = block && this.places.get(block.node.id);
    const next = block && place ? { tree: this.tree, places: this.places, block, place } : null;
    this.selected = next;
    this.outline?.show(next && { id: next.block.node.id, kind: next.block.kind });
    for (const listener of this.listeners) listener();
  }

  private blockOfTarget(target: Element): Block | null {
    const id = target.closest<HTMLElement>('[data-node]')?.dataset.node;
    return id === undefined ? null : blockAround(this.tree, this.places, id);
  }

  private selectAtCaret(): boolean {
    const node = this.doc?.getSelection()?.anchorNode;
    const element = node?.nodeType === Node.TEXT_NODE ? node.parentElement : node;
    if (!element || !isElement(element)) return false;
    this.set(this.blockOfTarget(element));
    return true;
  }

  private readonly onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!isElement(target) || target.closest(NOT_OURS)) return;
    this.set(this.blockOfTarget(target));
  };

  /** Tabbing to a text selects its block, so the keyboard reaches blocks as a click does. */
  private readonly onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    // A redraw after a block action puts the caret back; the action says what is selected.
    if (this.expected !== null || !isElement(target) || target.closest(NOT_OURS)) return;
    const block = this.blockOfTarget(target);
    if (block) this.set(block);
  };

  private readonly onKeyDown = (event: KeyboardEvent) => {
    const command = blockCommandOf(event);
    if (command && this.run(command)) event.preventDefault();
  };
}

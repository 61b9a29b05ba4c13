// What the side-by-side mode shows beside each block of a translation: the default's text of the
// block in the same place and, for an outdated translation, what changed in it since.
import { blockPieces, piecesText, type Piece } from '../visual/model/block-text';
import { isTextBlock, pairBlocks } from '../visual/model/block-pairing';
import { parseTemplate } from '../visual/model/parse-template';
import type { TemplateNode, TemplateTree } from '../visual/model/template-tree';
import { allNodes } from '../visual/model/template-tree';
import { wordDiff, type DiffPart } from './word-diff';

export type NoteChange =
  /** The default's block is as it was when the translation was saved (or nothing is known). */
  | { kind: 'same' }
  /** The block is new in the default since. */
  | { kind: 'new' }
  /** The block's text changed since: the words removed and added. */
  | { kind: 'changed'; diff: DiffPart[] };

export interface BlockNote {
  /** The translation's block (its node id in the translation's tree). */
  blockId: string;
  /** The default's text of the block now. */
  pieces: Piece[];
  change: NoteChange;
}

/** The default's html now and as the translation was based on, parsed once. */
export interface ReferenceTrees {
  current: TemplateTree;
  basedOn: TemplateTree | null;
  /** Each block of `current` → its block in `basedOn`. */
  history: Map<string, string>;
  /** The texts of every block of `basedOn`. */
  oldTexts: Set<string>;
}

export function referenceTrees(defaultHtml: string, basedOnHtml: string | null): ReferenceTrees {
  const current = parseTemplate(defaultHtml);
  const basedOn =
    basedOnHtml === null || basedOnHtml === defaultHtml ? null : parseTemplate(basedOnHtml);
  const oldTexts = new Set<string>();
  if (basedOn) {
    for (const node of allNodes(basedOn.children)) {
      if (isTextBlock(basedOn.source, node) && node.kind === 'element') {
        oldTexts.add(piecesText(blockPieces(basedOn.source, node)));
      }
    }
  }
  return {
    current,
    basedOn,
    history: basedOn ? pairBlocks(current, basedOn) : new Map<string, string>(),
    oldTexts,
  };
}

function elements(tree: TemplateTree): Map<string, TemplateNode> {
  return new Map([...allNodes(tree.children)].map((node) => [node.id, node]));
}

/** A note for each block of the translation that pairs with a block of the default, in order. */
export function blockNotes(translation: TemplateTree, reference: ReferenceTrees): BlockNote[] {
  const { current, basedOn, history } = reference;
  const currentNodes = elements(current);
  const basedOnNodes = basedOn ? elements(basedOn) : new Map<string, TemplateNode>();
  const notes: BlockNote[] = [];
  for (const [blockId, defaultId] of pairBlocks(translation, current)) {
    const node = currentNodes.get(defaultId);
    if (node?.kind !== 'element') continue;
    const pieces = blockPieces(current.source, node);
    let change: NoteChange = { kind: 'same' };
    if (basedOn) {
      const oldId = history.get(defaultId);
      const old = oldId === undefined ? undefined : basedOnNodes.get(oldId);
      if (old?.kind !== 'element') {
        // Unpaired (the default's structure changed around it): new unless its text was there.
        if (!reference.oldTexts.has(piecesText(pieces))) change = { kind: 'new' };
      } else {
        const before = blockPieces(basedOn.source, old);
        if (piecesText(before) !== piecesText(pieces)) {
          change = { kind: 'changed', diff: wordDiff(before, pieces) };
        }
      }
    }
    notes.push({ blockId, pieces, change });
  }
  return notes;
}

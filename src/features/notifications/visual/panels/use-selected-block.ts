import { useSyncExternalStore } from 'react';
import type { BlockSelection, SelectedBlock } from '../edits/block-selection';

/** The block selected in the canvas, re-read on every change of the selection or the source. */
export function useSelectedBlock(selection: BlockSelection): SelectedBlock | null {
  return useSyncExternalStore(selection.subscribe, selection.snapshot);
}

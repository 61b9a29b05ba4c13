/** What the keyboard can do to blocks, in the canvas and in the properties panel alike. */
export type BlockCommand =
  'clear' | 'parent' | 'child' | 'move-up' | 'move-down' | 'duplicate' | 'delete';

/**
 * Escape clears the selection; Alt+ArrowUp selects the block around (or the one at the caret),
 * Alt+ArrowDown the first block inside; Alt+Shift+ArrowUp/ArrowDown move the block,
 * Alt+Shift+D duplicates it, Alt+Shift+Delete (or Backspace) deletes it.
 */
export function blockCommandOf(
  event: Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>,
): BlockCommand | null {
  if (event.ctrlKey || event.metaKey) return null;
  if (event.key === 'Escape' && !event.altKey && !event.shiftKey) return 'clear';
  if (!event.altKey) return null;
  if (!event.shiftKey) {
    if (event.key === 'ArrowUp') return 'parent';
    if (event.key === 'ArrowDown') return 'child';
    return null;
  }
  if (event.key === 'ArrowUp') return 'move-up';
  if (event.key === 'ArrowDown') return 'move-down';
  if (event.code === 'KeyD') return 'duplicate';
  if (event.key === 'Delete' || event.key === 'Backspace') return 'delete';
  return null;
}

/** The shortcuts as the panel lists them (and as `aria-keyshortcuts` names them). */
export const SHORTCUTS: Record<Exclude<BlockCommand, 'clear' | 'parent' | 'child'>, string> = {
  'move-up': 'Alt+Shift+ArrowUp',
  'move-down': 'Alt+Shift+ArrowDown',
  duplicate: 'Alt+Shift+D',
  delete: 'Alt+Shift+Delete',
};

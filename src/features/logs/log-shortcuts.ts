/**
 * The viewer's keyboard shortcuts as data: the help dialog lists them and use-log-keyboard
 * handles them, so a new key is one line here and one case there.
 */
export interface LogShortcut {
  /** What to press, as shown (`Enter`, `/`). */
  keys: readonly string[];
  description: string;
}

export const LOG_SHORTCUTS: readonly LogShortcut[] = [
  { keys: ['/'], description: 'Jump to the search box' },
  { keys: ['j'], description: 'Select the next (newer) line' },
  { keys: ['k'], description: 'Select the previous (older) line' },
  { keys: ['n'], description: 'Select the next (newer) error' },
  { keys: ['p'], description: 'Select the previous (older) error' },
  { keys: ['Enter'], description: 'Open or close the selected line' },
  { keys: ['c'], description: 'Show the entries around the selected line (context)' },
  { keys: ['End'], description: 'Back to the latest line and follow new ones' },
  { keys: ['?'], description: 'Show these shortcuts' },
];

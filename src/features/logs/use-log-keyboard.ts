import { useEffect, useEffectEvent } from 'react';

/** The viewer's shortcuts, as the keyboard help lists them. */
export const LOG_SHORTCUTS: ReadonlyArray<{ keys: string; does: string }> = [
  { keys: '/', does: 'Search' },
  { keys: 'j / k', does: 'Next / previous line' },
  { keys: 'n / p', does: 'Next / previous error' },
  { keys: 'Enter', does: 'Open or close the line' },
  { keys: 'End', does: 'Back to live' },
];

export interface LogKeyboardHandlers {
  focusSearch: () => void;
  /** `j`: the next (newer) row; `k`: the previous (older) row. */
  move: (step: 1 | -1) => void;
  /** `n`: the next (newer) error or fatal entry; `p`: the previous one. */
  moveToError: (step: 1 | -1) => void;
  toggleSelected: () => boolean;
  goLive: () => void;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/**
 * The viewer's shortcuts: `/` search, `j`/`k` rows, `n`/`p` errors, Enter expands, End returns to live. They
 * stay out of the way while typing, with modifier keys, and when a dialog is open.
 */
export function useLogKeyboard(handlers: LogKeyboardHandlers) {
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (isEditable(event.target)) return;
    if (document.querySelector('dialog[open], [popover]:popover-open')) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    switch (event.key) {
      case '/':
        event.preventDefault();
        handlers.focusSearch();
        break;
      case 'j':
        event.preventDefault();
        handlers.move(1);
        break;
      case 'k':
        event.preventDefault();
        handlers.move(-1);
        break;
      case 'n':
        event.preventDefault();
        handlers.moveToError(1);
        break;
      case 'p':
        event.preventDefault();
        handlers.moveToError(-1);
        break;
      case 'Enter':
        // Buttons and links handle their own Enter.
        if (target?.closest('button, a, summary')) return;
        if (handlers.toggleSelected()) event.preventDefault();
        break;
      case 'End':
        event.preventDefault();
        handlers.goLive();
        break;
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

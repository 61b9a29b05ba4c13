import { useEffect, useEffectEvent } from 'react';

export interface LogKeyboardHandlers {
  focusSearch: () => void;
  /** `j`: the next (newer) row; `k`: the previous (older) row. */
  move: (step: 1 | -1) => void;
  /** `n`: the next (newer) error or fatal entry; `p`: the previous one. */
  moveToError: (step: 1 | -1) => void;
  toggleSelected: () => boolean;
  /** `c`: the entries around the selected row (decision 052). */
  showContext: () => void;
  goLive: () => void;
  openHelp: () => void;
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

/** A row's own open/close button: Enter there means the selected row, which j/k may have moved. */
function isRowToggle(target: HTMLElement | null): boolean {
  return target?.closest('[data-log-id] button[aria-expanded]') != null;
}

/**
 * The viewer's shortcuts (LOG_SHORTCUTS lists them for the help): `/` search, `j`/`k` rows,
 * `n`/`p` errors, Enter opens the selected row, End returns to live, `?` help. They stay out of
 * the way while typing, with modifier keys (Shift aside, which `?` needs), and when a dialog is open.
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
        // Buttons and links handle their own Enter; preventing it here stops the click.
        if (target?.closest('button, [role="button"], a, summary') && !isRowToggle(target)) return;
        if (handlers.toggleSelected()) event.preventDefault();
        break;
      case 'c':
        event.preventDefault();
        handlers.showContext();
        break;
      case 'End':
        event.preventDefault();
        handlers.goLive();
        break;
      case '?':
        event.preventDefault();
        handlers.openHelp();
        break;
    }
  });

  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

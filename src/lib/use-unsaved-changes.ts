// Protects a dirty form from being lost:
//   useUnsavedChanges(formState.isDirty && !mutation.isSuccess);
// While dirty it (1) blocks router navigation and asks with a confirm dialog (rendered once by the
// shell), (2) makes the browser ask on reload/close (beforeunload), and (3) registers the form so
// the site switcher and sign-out ask before throwing it away (`confirmDiscardUnsavedChanges()`).
// Navigate with `ignoreBlocker: true` after a successful save that also navigates.
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useSyncExternalStore } from 'react';

const dirtyForms = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

// A single pending question; the shell's host renders it as a dialog.
interface DiscardRequest {
  resolve: (discard: boolean) => void;
}
let request: DiscardRequest | null = null;
const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

/** Asks the user (through the shell's dialog) whether to discard unsaved changes. */
export function requestDiscardConfirmation(): Promise<boolean> {
  request?.resolve(false);
  return new Promise((resolve) => {
    request = {
      resolve: (discard) => {
        request = null;
        emit();
        resolve(discard);
      },
    };
    emit();
  });
}

/** True when nothing is dirty or the user agreed to discard; for site switch and sign-out. */
export async function confirmDiscardUnsavedChanges(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  return requestDiscardConfirmation();
}

export function usePendingDiscardRequest(): DiscardRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => request,
    () => request,
  );
}

export function useUnsavedChanges(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [id, isDirty]);

  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      if (!isDirty) return false;
      // Changing only the search (a tab, a filter) keeps the form mounted: nothing is lost.
      if (current.pathname === next.pathname) return false;
      return !(await requestDiscardConfirmation());
    },
    enableBeforeUnload: () => isDirty,
  });
}

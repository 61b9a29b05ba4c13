// Protects a dirty form from being lost:
//   useUnsavedChanges(formState.isDirty && !mutation.isSuccess);
// While dirty it (1) blocks router navigation and asks with a confirm dialog (rendered once by the
// shell), (2) makes the browser ask on reload/close (beforeunload), and (3) registers the form so
// the site switcher and sign-out ask before throwing it away (`confirmDiscardUnsavedChanges()`).
// Navigate with `ignoreBlocker: true` after a successful save that also navigates.
import { useRouter } from '@tanstack/react-router';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { splitSitePath } from './site-address';

const dirtyForms = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

// A single pending question; the shell's host renders it as a dialog.
interface DiscardRequest {
  resolve: (discard: boolean) => void;
  /** The navigation opens an address of this other site: the question is whether to switch. */
  site?: string;
}
let request: DiscardRequest | null = null;
const listeners = new Set<() => void>();
function emit() {
  for (const listener of listeners) listener();
}

/**
 * Asks the user (through the shell's dialog) whether to discard unsaved changes; with `site`,
 * whether to leave them for that site's address ("Stay" answers false).
 */
export function requestDiscardConfirmation(site?: string): Promise<boolean> {
  request?.resolve(false);
  return new Promise((resolve) => {
    request = {
      site,
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

  // Blocks at the history, not with useBlocker: only the history sees the public address, and
  // with it the site (useBlocker's locations are the router's, without the `/s/<site>` prefix).
  const router = useRouter();
  useEffect(() => {
    if (!isDirty) return;
    return router.history.block({
      blockerFn: async ({ currentLocation, nextLocation }) => {
        const from = splitSitePath(currentLocation.pathname);
        const to = splitSitePath(nextLocation.pathname);
        // An address of another site (Back across a switch, a link): ask whether to switch.
        if (to.site !== null && to.site !== from.site) {
          return !(await requestDiscardConfirmation(to.site));
        }
        // Changing only the search (a tab, a filter) keeps the form mounted: nothing is lost.
        if (from.path === to.path) return false;
        return !(await requestDiscardConfirmation());
      },
      enableBeforeUnload: true,
    });
  }, [router, isDirty]);
}

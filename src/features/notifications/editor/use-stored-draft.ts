// Unsaved edits kept in the browser as they are typed (a reload, a crash, a closed tab or a
// navigation inside the app loses nothing), and an earlier visit's draft offered back once. One
// mechanism for a template's draft (use-draft.ts) and a layout's (layouts/use-layout-draft.ts):
// each gives its own store (key and shape).
import { useEffect, useRef, useState } from 'react';
import { browserStorage, type KeyValueStorage } from '../browser-storage';

const WRITE_DELAY_MS = 150;

/** What a draft holds besides its values. */
export interface StoredDraft<V> {
  saved_at: string;
  /** `updated_at` of the version the edits started from, to warn when the server moved on. */
  base_updated_at: string;
  values: V;
}

/** Where one kind of draft lives; a module constant, so the hook's effect does not re-run. */
export interface DraftStore<V, D> {
  load(storage: KeyValueStorage | null, site: string, slug: string): D | null;
  save(storage: KeyValueStorage | null, site: string, slug: string, draft: StoredDraft<V>): unknown;
  clear(storage: KeyValueStorage | null, site: string, slug: string): void;
  /** A draft worth offering: it differs from what the server has now. */
  worthOffering(draft: D | null, saved: V): draft is D;
}

export interface DraftControls<D> {
  /** A draft from an earlier visit that differs from the server, until restored or discarded. */
  offered: D | null;
  dismissOffer: () => void;
  discard: () => void;
}

export function useStoredDraft<V, D>(
  store: DraftStore<V, D>,
  options: {
    site: string;
    slug: string;
    saved: V;
    baseUpdatedAt: string;
    values: V;
    isDirty: boolean;
  },
): DraftControls<D> {
  const { site, slug, saved, baseUpdatedAt, values, isDirty } = options;
  const [offered, setOffered] = useState<D | null>(() => {
    const draft = store.load(browserStorage(), site, slug);
    return store.worthOffering(draft, saved) ? draft : null;
  });

  // The write still waiting for its pause, done at once when the editor goes away: a navigation
  // inside the app (a template's "Edit layout", a layout's way back) keeps the last keystrokes.
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);

  // Writing to localStorage is the external system this effect keeps in step with the edits.
  // The write waits for a short pause in typing (it is not free on a 20 kB template), and is
  // flushed at once when the page is hidden or unloaded, so a reload or a closed tab keeps it.
  useEffect(() => {
    // While a draft is on offer, the untouched form must not overwrite it.
    if (offered && !isDirty) {
      pending.current = null;
      return;
    }
    const write = () => {
      if (isDirty) {
        store.save(browserStorage(), site, slug, {
          saved_at: new Date().toISOString(),
          base_updated_at: baseUpdatedAt,
          values,
        });
      } else {
        store.clear(browserStorage(), site, slug);
      }
    };
    let done = false;
    const flush = () => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      write();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const timer = window.setTimeout(flush, WRITE_DELAY_MS);
    pending.current = flush;
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [store, site, slug, values, isDirty, baseUpdatedAt, offered]);

  return {
    offered,
    dismissOffer: () => setOffered(null),
    discard: () => {
      store.clear(browserStorage(), site, slug);
      setOffered(null);
    },
  };
}

import { useEffect, useRef, useState } from 'react';
import { browserStorage } from '../browser-storage';
import {
  clearDraft,
  isDraftWorthOffering,
  loadDraft,
  saveDraft,
  type NotificationDraft,
} from './draft-store';
import type { NotificationFormValues } from '../translations/translation-fields';

const WRITE_DELAY_MS = 150;

export interface DraftControls {
  /** A draft from an earlier visit that differs from the server, until restored or discarded. */
  offered: NotificationDraft | null;
  dismissOffer: () => void;
  discard: () => void;
}

/**
 * Keeps the admin's unsaved edits in localStorage as they type (a reload, a crash or a closed
 * tab loses nothing), and offers an earlier draft back once.
 */
export function useDraft(options: {
  site: string;
  slug: string;
  saved: NotificationFormValues;
  baseUpdatedAt: string;
  values: NotificationFormValues;
  isDirty: boolean;
}): DraftControls {
  const { site, slug, saved, baseUpdatedAt, values, isDirty } = options;
  const [offered, setOffered] = useState<NotificationDraft | null>(() => {
    const draft = loadDraft(browserStorage(), site, slug);
    return isDraftWorthOffering(draft, saved) ? draft : null;
  });

  // The write still waiting for its pause, done at once when the editor goes away: a navigation
  // inside the app (the layout's page from "Edit layout", then back) keeps the last keystrokes.
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);

  // Writing to localStorage is the external system this effect keeps in step with the form.
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
        saveDraft(browserStorage(), site, slug, {
          saved_at: new Date().toISOString(),
          base_updated_at: baseUpdatedAt,
          values,
        });
      } else {
        clearDraft(browserStorage(), site, slug);
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
  }, [site, slug, values, isDirty, baseUpdatedAt, offered]);

  return {
    offered,
    dismissOffer: () => setOffered(null),
    discard: () => {
      clearDraft(browserStorage(), site, slug);
      setOffered(null);
    },
  };
}

// The layout's edits kept in the browser as they are typed (issue 38), as useDraft keeps a
// template's: written after a short pause and at once when the page is hidden or left, cleared
// when the edits are saved or discarded, and an earlier visit's draft offered back once.
import { useEffect, useState } from 'react';
import { browserStorage } from '../browser-storage';
import {
  clearLayoutDraft,
  isLayoutDraftWorthOffering,
  loadLayoutDraft,
  saveLayoutDraft,
  type LayoutDraft,
} from './layout-draft';
import type { LayoutValues } from './layout-values';

const WRITE_DELAY_MS = 150;

export interface LayoutDraftControls {
  offered: LayoutDraft | null;
  dismissOffer: () => void;
  discard: () => void;
}

export function useLayoutDraft(options: {
  site: string;
  slug: string;
  saved: LayoutValues;
  baseUpdatedAt: string;
  values: LayoutValues;
  isDirty: boolean;
}): LayoutDraftControls {
  const { site, slug, saved, baseUpdatedAt, values, isDirty } = options;
  const [offered, setOffered] = useState<LayoutDraft | null>(() => {
    const draft = loadLayoutDraft(browserStorage(), site, slug);
    return isLayoutDraftWorthOffering(draft, saved) ? draft : null;
  });

  // localStorage is the external system this effect keeps in step with the edits.
  useEffect(() => {
    // While a draft is on offer, the untouched editor must not overwrite it.
    if (offered && !isDirty) return;
    const write = () => {
      if (isDirty) {
        saveLayoutDraft(browserStorage(), site, slug, {
          saved_at: new Date().toISOString(),
          base_updated_at: baseUpdatedAt,
          values,
        });
      } else clearLayoutDraft(browserStorage(), site, slug);
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
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      // Leaving the page (navigation inside the app) keeps what was typed too.
      flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [site, slug, values, isDirty, baseUpdatedAt, offered]);

  return {
    offered,
    dismissOffer: () => setOffered(null),
    discard: () => {
      clearLayoutDraft(browserStorage(), site, slug);
      setOffered(null);
    },
  };
}

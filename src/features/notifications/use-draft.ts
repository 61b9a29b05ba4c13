import { useEffect, useState } from 'react';
import type { NotificationWritableFields } from '../../api/schemas/notification';
import { browserStorage } from './browser-storage';
import {
  clearDraft,
  isDraftWorthOffering,
  loadDraft,
  saveDraft,
  type NotificationDraft,
} from './draft-store';

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
  saved: NotificationWritableFields;
  baseUpdatedAt: string;
  values: NotificationWritableFields;
  isDirty: boolean;
}): DraftControls {
  const { site, slug, saved, baseUpdatedAt, values, isDirty } = options;
  const [offered, setOffered] = useState<NotificationDraft | null>(() => {
    const draft = loadDraft(browserStorage(), site, slug);
    return isDraftWorthOffering(draft, saved) ? draft : null;
  });

  // Writing to localStorage is the external system this effect keeps in step with the form.
  useEffect(() => {
    // While a draft is on offer, the untouched form must not overwrite it.
    if (offered && !isDirty) return;
    // Written at once, not debounced: a reload right after a keystroke must keep it (a write of
    // a 20 kB template costs well under a millisecond).
    if (isDirty) {
      saveDraft(browserStorage(), site, slug, {
        saved_at: new Date().toISOString(),
        base_updated_at: baseUpdatedAt,
        values,
      });
    } else {
      clearDraft(browserStorage(), site, slug);
    }
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

import {
  clearDraft,
  isDraftWorthOffering,
  loadDraft,
  saveDraft,
  type NotificationDraft,
} from './draft-store';
import { useStoredDraft, type DraftControls, type DraftStore } from './use-stored-draft';
import type { NotificationFormValues } from '../translations/translation-fields';

const notificationDrafts: DraftStore<NotificationFormValues, NotificationDraft> = {
  load: loadDraft,
  save: saveDraft,
  clear: clearDraft,
  worthOffering: isDraftWorthOffering,
};

/**
 * Keeps the admin's unsaved edits of a template in localStorage as they type, and offers an
 * earlier draft back once (use-stored-draft.ts).
 */
export function useDraft(options: {
  site: string;
  slug: string;
  saved: NotificationFormValues;
  baseUpdatedAt: string;
  values: NotificationFormValues;
  isDirty: boolean;
}): DraftControls<NotificationDraft> {
  return useStoredDraft(notificationDrafts, options);
}

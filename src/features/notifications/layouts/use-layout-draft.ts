// The layout's edits kept in the browser as they are typed (issue 38), by the same mechanism as a
// template's (editor/use-stored-draft.ts), in the layout's own key and shape (layout-draft.ts).
import { useStoredDraft, type DraftControls, type DraftStore } from '../editor/use-stored-draft';
import {
  clearLayoutDraft,
  isLayoutDraftWorthOffering,
  loadLayoutDraft,
  saveLayoutDraft,
  type LayoutDraft,
} from './layout-draft';
import type { LayoutValues } from './layout-values';

const layoutDrafts: DraftStore<LayoutValues, LayoutDraft> = {
  load: loadLayoutDraft,
  save: saveLayoutDraft,
  clear: clearLayoutDraft,
  worthOffering: isLayoutDraftWorthOffering,
};

export function useLayoutDraft(options: {
  site: string;
  slug: string;
  saved: LayoutValues;
  baseUpdatedAt: string;
  values: LayoutValues;
  isDirty: boolean;
}): DraftControls<LayoutDraft> {
  return useStoredDraft(layoutDrafts, options);
}

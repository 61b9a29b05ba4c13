// A layout's unsaved edits kept in the browser (issue 38), as a template's are (editor/draft-store):
// a reload, a crash, a closed tab or going elsewhere loses nothing, and the draft is offered back
// once. Its own key and shape: a layout's values are not a notification's.
import { z } from 'zod';
import { readJson, removeKey, writeJson, type KeyValueStorage } from '../browser-storage';
import { isLayoutChanged, type LayoutValues } from './layout-values';

export interface LayoutDraft {
  saved_at: string;
  /** `updated_at` of the version the edits started from, to warn when the server moved on. */
  base_updated_at: string;
  values: LayoutValues;
}

const textsSchema = z.object({ html: z.string(), text: z.string() });

const draftSchema = z.object({
  version: z.literal(1),
  saved_at: z.string(),
  base_updated_at: z.string(),
  // Shape only: a draft may hold what the service would refuse (that is why it is a draft).
  values: textsSchema.extend({ translations: z.record(z.string(), textsSchema) }),
});

export function layoutDraftKey(site: string, slug: string): string {
  return `site-console:layout-draft:v1:${site}:${slug}`;
}

export function loadLayoutDraft(
  storage: KeyValueStorage | null,
  site: string,
  slug: string,
): LayoutDraft | null {
  const parsed = draftSchema.safeParse(readJson(storage, layoutDraftKey(site, slug)));
  if (!parsed.success) return null;
  const { version: _version, ...draft } = parsed.data;
  return draft;
}

export function saveLayoutDraft(
  storage: KeyValueStorage | null,
  site: string,
  slug: string,
  draft: LayoutDraft,
): boolean {
  return writeJson(storage, layoutDraftKey(site, slug), { version: 1, ...draft });
}

export function clearLayoutDraft(storage: KeyValueStorage | null, site: string, slug: string) {
  removeKey(storage, layoutDraftKey(site, slug));
}

/** A draft worth offering: it differs from what the server has now. */
export function isLayoutDraftWorthOffering(
  draft: LayoutDraft | null,
  server: LayoutValues,
): draft is LayoutDraft {
  return draft !== null && isLayoutChanged(server, draft.values);
}

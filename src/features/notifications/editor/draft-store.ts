import { z } from 'zod';
import { readJson, removeKey, writeJson, type KeyValueStorage } from '../browser-storage';
import { updateOf } from './notification-fields';
import type { NotificationFormValues } from '../translations/translation-fields';

/** Unsaved edits kept in the browser so a reload, a crash or a closed tab loses nothing. */
export interface NotificationDraft {
  saved_at: string;
  /** `updated_at` of the version the edits started from, to warn when the server moved on. */
  base_updated_at: string;
  values: DraftValues;
}

/** A draft's values; one from before layouts (issue 38) has no `layout`: the saved one stays. */
export type DraftValues = Omit<NotificationFormValues, 'layout'> & { layout?: string | null };

const draftSchema = z.object({
  version: z.literal(1),
  saved_at: z.string(),
  base_updated_at: z.string(),
  // Shape only: a draft may hold values the server would refuse (that is why it is a draft).
  values: z.object({
    name: z.string(),
    description: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    html_enabled: z.boolean(),
    layout: z.string().nullable().optional(),
    // Every locale's edits (decision 046); a draft from before languages has none.
    translations: z
      .record(z.string(), z.object({ subject: z.string(), text: z.string(), html: z.string() }))
      .default({}),
  }),
});

export function draftStorageKey(site: string, slug: string): string {
  return `site-console:notification-draft:v1:${site}:${slug}`;
}

export function loadDraft(
  storage: KeyValueStorage | null,
  site: string,
  slug: string,
): NotificationDraft | null {
  const parsed = draftSchema.safeParse(readJson(storage, draftStorageKey(site, slug)));
  if (!parsed.success) return null;
  const { version: _version, ...draft } = parsed.data;
  return draft;
}

export function saveDraft(
  storage: KeyValueStorage | null,
  site: string,
  slug: string,
  draft: NotificationDraft,
): boolean {
  return writeJson(storage, draftStorageKey(site, slug), { version: 1, ...draft });
}

export function clearDraft(storage: KeyValueStorage | null, site: string, slug: string): void {
  removeKey(storage, draftStorageKey(site, slug));
}

/** A draft worth offering: it differs from what the server has now. */
export function isDraftWorthOffering(
  draft: NotificationDraft | null,
  server: NotificationFormValues,
): draft is NotificationDraft {
  return (
    draft !== null &&
    Object.keys(updateOf(server, { layout: server.layout, ...draft.values })).length > 0
  );
}

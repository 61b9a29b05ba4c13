/**
 * Unsaved alert edits kept in the browser (issue 41), as the other editors keep theirs: a
 * reload, a crash or a visit elsewhere loses nothing. One draft per site and alert (`new` for
 * the one being made); a draft records what it started from — the saved version, or the log
 * view a new alert was made from — so it comes back only on top of the same thing.
 */
import { z } from 'zod';
import type { AlertFormValues } from './alert-form-values';

export interface AlertDraft {
  /** The version edited, or the prefill (as JSON) of a new alert. */
  basis: string;
  values: AlertFormValues;
}

const valuesSchema = z.object({
  name: z.string(),
  app: z.string(),
  level: z.string(),
  job: z.string(),
  job_match: z.enum(['exact', 'prefix', 'contains']),
  q: z.string(),
  where: z.string(),
  where_not: z.string(),
  condition: z.object({
    op: z.enum(['>', '<']),
    threshold: z.string(),
    window_minutes: z.string(),
  }),
  every_minutes: z.string(),
  no_data: z.enum(['ok', 'alert']),
  notify: z.object({ emails: z.array(z.string()), webhooks: z.string() }),
  enabled: z.boolean(),
});
const draftSchema = z.object({ version: z.literal(1), basis: z.string(), values: valuesSchema });

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function alertDraftKey(site: string, alert: string): string {
  return `site-console:alert-draft:v1:${site}:${alert}`;
}

export function loadAlertDraft(site: string, alert: string, store = storage()): AlertDraft | null {
  try {
    const raw = store?.getItem(alertDraftKey(site, alert));
    if (!raw) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? { basis: parsed.data.basis, values: parsed.data.values } : null;
  } catch {
    return null;
  }
}

export function saveAlertDraft(site: string, alert: string, draft: AlertDraft, store = storage()) {
  try {
    store?.setItem(alertDraftKey(site, alert), JSON.stringify({ version: 1, ...draft }));
  } catch {
    // A full or blocked storage: the edits stay in the form; nothing else to do.
  }
}

export function clearAlertDraft(site: string, alert: string, store = storage()) {
  try {
    store?.removeItem(alertDraftKey(site, alert));
  } catch {
    // Nothing was written either.
  }
}

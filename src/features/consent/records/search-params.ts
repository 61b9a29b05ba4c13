import { z } from 'zod';
import { consentIdSchema } from '../../../../contract/schemas/consent-record';
import type { ConsentRecordFilters } from '../../../api/consent-records';
import { searchText } from '../../../lib/search-serialization';

/** A day as the date inputs write it, or nothing (a hand-edited link keeps the rest). */
const dayParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .catch(undefined);

/**
 * URL search parameters of `/consent/records`: every filter and the open record, so a link can be
 * shared and Back/Forward walk through them. Read by the page (no schema in the entry chunk).
 */
export const recordsSearchSchema = z.object({
  /** A visitor's consent id as typed; sent only when it is one (the field says why not). */
  consent_id: searchText,
  /** First and last day shown, UTC, both included. */
  from: dayParam,
  to: dayParam,
  application: searchText,
  locale: searchText,
  /** The record whose detail is open. */
  record: z.coerce.number().int().positive().optional().catch(undefined),
});
export type RecordsSearch = z.infer<typeof recordsSearchSchema>;

/** The day after `day` (YYYY-MM-DD), at midnight UTC, as an ISO time. */
function dayAfter(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

/** Whether the typed consent id is one the service accepts (otherwise it is not sent). */
export function consentIdProblem(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const parsed = consentIdSchema.safeParse(text);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'Not a consent id');
}

/** What the service is asked for: the days become times (`to` is the day after, excluded). */
export function toRecordFilters(search: RecordsSearch): ConsentRecordFilters {
  const filters: ConsentRecordFilters = {};
  if (search.consent_id && !consentIdProblem(search.consent_id)) {
    filters.consent_id = search.consent_id;
  }
  if (search.from) filters.from = `${search.from}T00:00:00.000Z`;
  if (search.to) filters.to = dayAfter(search.to);
  if (search.application) filters.application = search.application;
  if (search.locale) filters.locale = search.locale;
  return filters;
}

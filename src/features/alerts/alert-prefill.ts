/**
 * A new alert's query from the address (issue 41): "Alert on this view" in the log viewer
 * opens `/alerts/new?app=…&level=…&job=…&job_match=…&q=…&where=…&where_not=…`. Pure; what
 * does not read is left out rather than refused (a hand-edited link still opens the editor).
 */
import { z } from 'zod';
import { EMPTY_ALERT_VALUES, type AlertFormValues } from './alert-form-values';

const text = z.string().optional().catch(undefined);
const list = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .catch(undefined)
  .transform((value) => (value === undefined ? [] : [value].flat()));

export const alertPrefillSchema = z.object({
  app: text,
  level: z.enum(['debug', 'info', 'warn', 'error', 'fatal']).optional().catch(undefined),
  job: text,
  job_match: z.enum(['exact', 'prefix', 'contains']).optional().catch(undefined),
  q: text,
  where: list,
  where_not: list,
});
export type AlertPrefill = z.output<typeof alertPrefillSchema>;

/** The search a log view hands over (only what it sets). */
export type AlertPrefillSearch = z.input<typeof alertPrefillSchema>;

export function prefillOfSearch(search: unknown): AlertPrefill {
  const parsed = alertPrefillSchema.safeParse(search);
  return parsed.success ? parsed.data : { where: [], where_not: [] };
}

/** Whether the address carries a query at all (else a blank alert). */
export function hasPrefill(prefill: AlertPrefill): boolean {
  const { where, where_not: whereNot, ...texts } = prefill;
  return where.length > 0 || whereNot.length > 0 || Object.values(texts).some(Boolean);
}

/** The new alert's values: the view's query, a name from it, the defaults for the rest. */
export function valuesOfPrefill(prefill: AlertPrefill): AlertFormValues {
  const values: AlertFormValues = {
    ...EMPTY_ALERT_VALUES,
    condition: { ...EMPTY_ALERT_VALUES.condition },
    notify: { emails: [], webhooks: '' },
  };
  if (!hasPrefill(prefill)) return values;
  values.app = prefill.app ?? '';
  // A view without a level counts every level.
  values.level = prefill.level ?? '';
  values.job = prefill.job ?? '';
  values.job_match = prefill.job ? (prefill.job_match ?? 'exact') : 'exact';
  values.q = prefill.q ?? '';
  values.where = prefill.where.join('\n');
  values.where_not = prefill.where_not.join('\n');
  const what = [prefill.level, prefill.q && `“${prefill.q}”`].filter(Boolean).join(' ');
  values.name = `${what ? `${what} ` : ''}in ${prefill.app ?? 'the app'}`.slice(0, 80);
  return values;
}

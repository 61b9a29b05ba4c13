import { fieldConditionsOf } from './field-conditions';
import { effectiveRange } from './log-range';
import type { LogsSearch } from './search-params';

/** How many filters narrow the view (the phone's "Filters (n)"): level, job, search, a range. */
export function activeFilterCount(search: LogsSearch): number {
  const linked = search.entry !== undefined && search.at !== undefined;
  return [
    search.level !== undefined,
    Boolean(search.job?.trim()),
    Boolean(search.q?.trim()),
    ...fieldConditionsOf(search).map(() => true),
    linked || effectiveRange(search) !== 'live',
  ].filter(Boolean).length;
}

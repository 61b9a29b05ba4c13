// "Fields" in the logs toolbar (issue 30): the fields of the entries' data in the current window
// and filters, and a field's top values with their counts (Datadog's and Grafana's facets). The
// counts come from the service over the newest entries it reads (a cap), which the panel names.
// A value's "Filter by" / "Filter out" add an exact field condition (decision 055) to the
// address; a value that cannot be one (a nested field, a value the service shortened) keeps the
// "Search" button, which looks for it as a phrase.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { logFacetsQueryOptions, type LogFacetsQuery } from '../../api/app-log-facets';
import { LOG_FACET_VALUE_MAX } from '../../../contract/schemas/app-log-facets';
import { Button } from '../../components/ui/button';
import { Popover } from '../../components/ui/popover';
import { Select } from '../../components/ui/select';
import { canFilterOnFacet } from './field-conditions';
import { volumeQueryFor } from './log-volume';
import type { LogsSearch } from './search-params';
import { useNow } from './use-now';

function FieldsIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M3 4.75A.75.75 0 0 1 3.75 4h12.5a.75.75 0 0 1 0 1.5H3.75A.75.75 0 0 1 3 4.75Zm0 5A.75.75 0 0 1 3.75 9h8.5a.75.75 0 0 1 0 1.5h-8.5A.75.75 0 0 1 3 9.75Zm0 5a.75.75 0 0 1 .75-.75h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1-.75-.75Z" />
    </svg>
  );
}

export interface LogFacetsProps {
  appKey: string;
  search: LogsSearch;
  live: boolean;
  /** Searches for a value as a phrase. */
  onSearchValue: (value: string) => void;
  /** Keeps (`exclude` false) or filters out the entries whose `field` has exactly `value`. */
  onFilterValue: (field: string, value: string, exclude: boolean) => void;
}

/** The window and filters of the page, as the volume chart has them (the same moving minute). */
function useFacetsQuery(search: LogsSearch, live: boolean, field: string): LogFacetsQuery {
  const now = useNow(live);
  const { buckets: _buckets, ...query } = volumeQueryFor(search, now / 1000);
  return field === '' ? query : { ...query, field };
}

function FacetsBody({ appKey, search, live, onSearchValue, onFilterValue }: LogFacetsProps) {
  const [field, setField] = useState('');
  const query = useFacetsQuery(search, live, field);
  const facets = useQuery({
    ...logFacetsQueryOptions(appKey, query),
    placeholderData: keepPreviousData,
  });
  if (facets.isError) {
    return <p role="status">The fields could not be loaded: {facets.error.message}</p>;
  }
  if (!facets.data) return <p role="status">Loading fields…</p>;
  const { fields, values, scanned, capped } = facets.data;
  if (fields.length === 0)
    return <p role="status">No entry in this window has fields in its data.</p>;
  const most = values[0]?.count ?? 1;
  return (
    <div className="space-y-3">
      <label className="flex flex-col gap-1.5">
        <span className="text-sm font-medium">Field</span>
        <Select value={field} onChange={(event) => setField(event.target.value)}>
          <option value="">Choose a field…</option>
          {fields.map((f) => (
            <option key={f.value} value={f.value}>
              {f.value} ({f.count})
            </option>
          ))}
        </Select>
      </label>
      <p className="text-muted text-xs" data-testid="facets-scope">
        {capped
          ? `Top values of the last ${String(scanned)} entries`
          : `Top values of ${String(scanned)} ${scanned === 1 ? 'entry' : 'entries'}`}
      </p>
      {field !== '' && facets.data.field === field && (
        <ul aria-label={`Top values of ${field}`} className="space-y-1">
          {values.length === 0 && <li className="text-muted">No entry has this field.</li>}
          {values.map((v) => (
            <li key={v.value} className="flex items-center gap-2">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-mono text-xs">{v.value}</span>
                <span
                  className="bg-accent/40 block h-1 rounded"
                  style={{ width: `${String((v.count / most) * 100)}%` }}
                />
              </span>
              <span
                className="text-muted text-xs tabular-nums"
                aria-label={`${String(v.count)} entries`}
              >
                {v.count}
              </span>
              {canFilterOnFacet(field, v.value, LOG_FACET_VALUE_MAX) ? (
                <>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onFilterValue(field, v.value, false)}
                    title={`Only entries whose ${field} is ${v.value}`}
                  >
                    <span className="sr-only">
                      Filter by {field} {v.value}
                    </span>
                    <span aria-hidden="true">=</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => onFilterValue(field, v.value, true)}
                    title={`Entries whose ${field} is not ${v.value}`}
                  >
                    <span className="sr-only">
                      Filter out {field} {v.value}
                    </span>
                    <span aria-hidden="true">≠</span>
                  </Button>
                </>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => onSearchValue(v.value)}
                  title={`Search for "${v.value}"`}
                >
                  <span className="sr-only">Search for {v.value}</span>
                  <span aria-hidden="true">Search</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function LogFacets(props: LogFacetsProps) {
  return (
    <Popover
      label="Fields"
      align="start"
      // On a phone the button sits mid-row: the panel spans the screen instead of running off it.
      className="w-80 max-sm:fixed max-sm:inset-x-4 max-sm:top-auto max-sm:mt-11 max-sm:w-auto max-sm:max-w-none"
      trigger={(triggerProps) => (
        <Button {...triggerProps} size="sm" icon={<FieldsIcon />}>
          Fields
        </Button>
      )}
    >
      <FacetsBody {...props} />
    </Popover>
  );
}

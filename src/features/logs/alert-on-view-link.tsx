// "Alert on this view" (issue 41): opens the new-alert editor with this view's query (app,
// level, job, job_match, q, where, where_not). Only where the server has alerts and the member
// may write them.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { alertsAvailableQueryOptions } from '../../api/alerts-available';
import { useReadOnlyReason } from '../../components/resource-editor/read-only';
import { buttonClasses } from '../../components/ui/button';
import { viewQueryOfSearch } from './log-view-query';
import type { LogsSearch } from './search-params';

function BellIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M10 2a6 6 0 0 0-6 6v3.59l-1.7 2.55A.75.75 0 0 0 2.93 15.3h14.14a.75.75 0 0 0 .63-1.16L16 11.59V8a6 6 0 0 0-6-6ZM7.5 16.5a2.5 2.5 0 0 0 5 0h-5Z" />
    </svg>
  );
}

export function AlertOnViewLink({ appKey, search }: { appKey: string; search: LogsSearch }) {
  const available = useQuery(alertsAvailableQueryOptions());
  const readOnly = useReadOnlyReason('alert');
  if (available.data !== true || readOnly !== null) return null;
  const query = viewQueryOfSearch(search);
  return (
    <Link
      to="/alerts/$id"
      params={{ id: 'new' }}
      search={{
        app: appKey,
        level: query.level,
        job: query.job,
        job_match: query.job_match,
        q: query.q,
        where: query.where,
        where_not: query.where_not,
      }}
      className={buttonClasses('secondary', 'sm')}
    >
      <BellIcon />
      Alert on this view
    </Link>
  );
}

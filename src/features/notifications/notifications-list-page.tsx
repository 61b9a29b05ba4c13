// /notifications: the site's message templates, filterable (the filter lives in the URL).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useId } from 'react';
import { notificationsQueryOptions } from '../../api/notifications';
import type { Notification } from '../../api/schemas/notification';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Input } from '../../components/ui/input';
import { SkeletonRows } from '../../components/ui/skeleton';
import {
  TableContainer,
  tableClasses,
  tbodyClasses,
  tdClasses,
  thClasses,
  theadClasses,
  trClasses,
} from '../../components/ui/table';
import { filterNotifications } from './filter-notifications';

const route = getRouteApi('/notifications');

function UpdatedAt({ value }: { value: string }) {
  const date = new Date(value);
  return (
    <time dateTime={value} title={date.toLocaleString()}>
      {date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

export function NotificationsListPage() {
  const { filter = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const query = useQuery(notificationsQueryOptions());
  const filterId = useId();
  const setFilter = (value: string) =>
    void navigate({ search: { filter: value || undefined }, replace: true });

  return (
    <div>
      <PageHeader
        title="Notifications"
        description="The messages this site sends, written in Liquid."
      />
      <div className="mb-4 max-w-sm">
        <label htmlFor={filterId} className="sr-only">
          Filter notifications
        </label>
        <Input
          id={filterId}
          type="search"
          placeholder="Filter by name, slug or subject…"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      {query.isPending ? (
        <SkeletonRows count={5} label="Loading notifications" />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          title="Could not load the notifications"
          onRetry={() => void query.refetch()}
        />
      ) : query.data.length === 0 ? (
        <EmptyState
          title="No notifications yet"
          description="This site sends no templated messages."
        />
      ) : (
        <NotificationsTable
          rows={filterNotifications(query.data, filter)}
          total={query.data.length}
          filter={filter}
          onClearFilter={() => setFilter('')}
        />
      )}
    </div>
  );
}

function NotificationsTable({
  rows,
  total,
  filter,
  onClearFilter,
}: {
  rows: Notification[];
  total: number;
  filter: string;
  onClearFilter: () => void;
}) {
  if (rows.length === 0) {
    return (
      <EmptyState
        title={`No notification matches “${filter}”`}
        description={`None of the ${total} notifications has this in its name, slug, description or subject.`}
        action={<Button onClick={onClearFilter}>Clear filter</Button>}
      />
    );
  }
  return (
    <TableContainer>
      <table className={tableClasses}>
        <caption className="sr-only">Notifications</caption>
        <thead className={theadClasses}>
          <tr>
            <th scope="col" className={thClasses}>
              Name
            </th>
            <th scope="col" className={`${thClasses} hidden md:table-cell`}>
              Subject
            </th>
            <th scope="col" className={thClasses}>
              HTML
            </th>
            <th scope="col" className={thClasses}>
              Last update
            </th>
          </tr>
        </thead>
        <tbody className={tbodyClasses}>
          {rows.map((n) => (
            <tr key={n.slug} className={trClasses}>
              <td className={`${tdClasses} max-w-xs`}>
                <Link
                  to="/notifications/$slug"
                  params={{ slug: n.slug }}
                  className="text-fg font-medium hover:underline"
                >
                  {n.name}
                </Link>
                <div className="text-muted font-mono text-xs">{n.slug}</div>
                {/* Phones: the subject under the name instead of its own column. */}
                <div className="text-fg mt-1 line-clamp-2 font-mono text-xs break-all md:hidden">
                  {n.subject}
                </div>
                {n.description && (
                  <div className="text-muted mt-0.5 line-clamp-2 text-xs">{n.description}</div>
                )}
              </td>
              <td className={`${tdClasses} hidden max-w-sm md:table-cell`}>
                <span className="line-clamp-2 font-mono text-xs">{n.subject}</span>
              </td>
              <td className={tdClasses}>
                {n.html_enabled ? <Badge tone="accent">HTML on</Badge> : <Badge>Text only</Badge>}
              </td>
              <td className={`${tdClasses} text-muted whitespace-nowrap`}>
                <UpdatedAt value={n.updated_at} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableContainer>
  );
}

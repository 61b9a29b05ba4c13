// /apps: every app of the site, filterable by name or key (the filter lives in the URL).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useId } from 'react';
import { appsQueryOptions } from '../../api/apps';
import { PageHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Input } from '../../components/ui/input';
import { SkeletonRows } from '../../components/ui/skeleton';
import { AppsTable } from './apps-table';
import { filterRows } from './filter-rows';

const route = getRouteApi('/apps');

export function AppsListPage() {
  const { filter = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const apps = useQuery(appsQueryOptions());
  const filterId = useId();

  const setFilter = (value: string) =>
    void navigate({ search: { filter: value || undefined }, replace: true });

  return (
    <div>
      <PageHeader
        title="Apps"
        description="The OAuth apps of this site and what they were compiled with."
      />
      <div className="mb-4 max-w-sm">
        <label htmlFor={filterId} className="sr-only">
          Filter apps by name or key
        </label>
        <Input
          id={filterId}
          type="search"
          placeholder="Filter by name or key…"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
      </div>
      {apps.isPending ? (
        <SkeletonRows count={4} label="Loading apps" />
      ) : apps.isError ? (
        <ErrorState
          error={apps.error}
          title="Could not load the apps"
          onRetry={() => void apps.refetch()}
        />
      ) : apps.data.length === 0 ? (
        <EmptyState
          title="No apps yet"
          description="Apps appear here once they are deployed to this site."
        />
      ) : (
        <AppsTable
          apps={filterRows(apps.data, filter, (app) => [app.name, app.key])}
          total={apps.data.length}
          filter={filter}
          onClearFilter={() => setFilter('')}
        />
      )}
    </div>
  );
}

// /apps: every app of the site, filterable by name or key (the filter lives in the URL).
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { appsQueryOptions } from '../../api/apps';
import { FilterInput } from '../../components/filter-input';
import { QueryStates } from '../../components/query-states';
import { PageHeader } from '../../components/ui/card';
import { filterRows } from '../../lib/filter-rows';
import { AppsTable } from './apps-table';

const route = getRouteApi('/apps');

export function AppsListPage() {
  const { filter = '' } = route.useSearch();
  const navigate = route.useNavigate();
  const apps = useQuery(appsQueryOptions());

  const setFilter = (value: string) =>
    void navigate({ search: { filter: value || undefined }, replace: true });

  return (
    <div>
      <PageHeader
        title="Apps"
        description="The OAuth apps of this site and what they were compiled with."
      />
      <FilterInput
        label="Filter apps by name or key"
        placeholder="Filter by name or key…"
        value={filter}
        onChange={setFilter}
      />
      <QueryStates
        query={apps}
        loadingLabel="Loading apps"
        errorTitle="Could not load the apps"
        empty={{
          title: 'No apps yet',
          description: 'Apps appear here once they are deployed to this site.',
        }}
      >
        {(data) => (
          <AppsTable
            apps={filterRows(data, filter, (app) => [app.name, app.key])}
            total={data.length}
            filter={filter}
            onClearFilter={() => setFilter('')}
          />
        )}
      </QueryStates>
    </div>
  );
}

// /alerts/$id (issue 41): a new alert (`new`, filled from a log view's query in the address)
// or a saved one — its editor, its history on the volume chart, and Delete.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { alertQueryOptions, type AlertWire } from '../../api/alerts';
import { useReadOnlyReason } from '../../components/resource-editor/read-only';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import { isApiError } from '../../api/client';
import { AlertEditor } from './alert-editor';
import { AlertHistory } from './alert-history';
import { prefillOfSearch } from './alert-prefill';
import { AlertStateBadge } from './alert-state-badge';
import { DeleteAlertButton } from './delete-alert-button';
import { NewAlertEditor } from './new-alert-editor';

// The list's route loads this module too: one chunk for both (the entry's budget, router.tsx).
export { AlertsPage } from './alerts-page';

const backToAlerts = (
  <Link to="/alerts" className="hover:underline">
    Alerts
  </Link>
);

export function AlertPage() {
  const { id } = useParams({ from: '/alerts/$id' });
  if (id === 'new') return <NewAlertPage />;
  const numeric = Number(id);
  if (!Number.isInteger(numeric) || numeric <= 0) return <MissingAlert />;
  return <SavedAlertPage id={numeric} />;
}

function NewAlertPage() {
  const search = useSearch({ strict: false });
  const readOnly = useReadOnlyReason('alert');
  // Read once: the editor's draft is kept for the query it was opened with.
  const [prefill] = useState(() => prefillOfSearch(search));
  return (
    <div>
      <PageHeader
        title="New alert"
        breadcrumb={backToAlerts}
        description="Count an app's matching log entries and be told when they cross a threshold."
      />
      {readOnly ? (
        <EmptyState title="You cannot make alerts" description={readOnly} />
      ) : (
        <NewAlertEditor prefill={prefill} />
      )}
    </div>
  );
}

function MissingAlert() {
  return (
    <div>
      <PageHeader title="Alert not found" breadcrumb={backToAlerts} />
      <EmptyState
        title="There is no such alert"
        description="It may have been deleted."
        action={
          <Link to="/alerts" className={buttonClasses('secondary', 'md')}>
            All alerts
          </Link>
        }
      />
    </div>
  );
}

function SavedAlertPage({ id }: { id: number }) {
  const alert = useQuery(alertQueryOptions(id));
  if (alert.isError && isApiError(alert.error) && alert.error.status === 404) {
    return <MissingAlert />;
  }
  if (alert.isError) {
    return (
      <div>
        <PageHeader title="Alert" breadcrumb={backToAlerts} />
        <ErrorState
          error={alert.error}
          title="Could not load the alert"
          onRetry={() => void alert.refetch()}
        />
      </div>
    );
  }
  if (alert.isPending) {
    return (
      <div aria-busy="true">
        <PageHeader title="Alert" breadcrumb={backToAlerts} />
        <SkeletonRows count={6} label="Loading the alert" />
      </div>
    );
  }
  return <SavedAlert loaded={alert.data.data} etag={alert.data.etag} response={alert.data} />;
}

function SavedAlert({
  loaded,
  etag,
  response,
}: {
  loaded: AlertWire;
  etag: string | null;
  response: Parameters<typeof AlertEditor>[0]['loaded'];
}) {
  const readOnly = useReadOnlyReason('alert');
  return (
    <div className="space-y-4">
      <PageHeader
        title={loaded.name}
        breadcrumb={backToAlerts}
        description={<AlertStateBadge status={loaded.status} />}
        actions={
          <>
            <Link
              to="/apps/$key/logs"
              params={{ key: loaded.app }}
              search={{
                level: loaded.level,
                job: loaded.job,
                job_match: loaded.job_match === 'exact' ? undefined : loaded.job_match,
                q: loaded.q,
                where: loaded.where,
                where_not: loaded.where_not,
              }}
              className={buttonClasses('secondary', 'md')}
            >
              View logs
            </Link>
            {readOnly === null && <DeleteAlertButton alert={loaded} etag={etag} />}
          </>
        }
      />
      <AlertHistory alert={loaded} />
      <AlertEditor key={loaded.id} loaded={response} />
    </div>
  );
}

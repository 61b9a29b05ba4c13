// /alerts (issue 41): the site's alerts — state, last fired, the rule in words. Editors and
// admins open one to edit it or make a new one; viewers read the list and each alert read-only.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { alertsQueryOptions, type AlertWire } from '../../api/alerts';
import { appsQueryOptions } from '../../api/apps';
import { DataTable } from '../../components/data-table';
import { useReadOnlyReason } from '../../components/resource-editor/read-only';
import { Timestamp } from '../../components/timestamp';
import { buttonClasses } from '../../components/ui/button';
import { PageHeader } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { OptionalResourcePage } from '../../components/ui/optional-resource-page';
import { tdClasses, trClasses } from '../../components/ui/table';
import { AlertStateBadge } from './alert-state-badge';
import { ruleInWords } from './rule-words';

const COLUMNS = [
  { header: 'Name' },
  { header: 'App', className: 'hidden md:table-cell' },
  { header: 'State' },
  { header: 'Last fired', className: 'hidden sm:table-cell' },
  { header: 'Rule', className: 'hidden lg:table-cell' },
];

/**
 * How often the open page asks for the list again, so a state change shows without a reload or a
 * focus (decision 097). An alert is evaluated once a minute at most, so a change shows within
 * 10 s of its evaluation. Paused while the tab is hidden (TanStack's refetchIntervalInBackground
 * is off) and asked again when it shows; never on a server without alerts.
 */
const ALERTS_REFRESH_MS = 10_000;

export function AlertsPage() {
  const alerts = useQuery({
    ...alertsQueryOptions(),
    refetchInterval: (query) => (query.state.data === null ? false : ALERTS_REFRESH_MS),
  });
  const readOnly = useReadOnlyReason('alert');
  const header = (
    <PageHeader
      title="Alerts"
      description="Be told when an app's logs cross a threshold."
      actions={
        readOnly === null && alerts.data ? (
          <Link to="/alerts/$id" params={{ id: 'new' }} className={buttonClasses('primary', 'md')}>
            New alert
          </Link>
        ) : undefined
      }
    />
  );
  return (
    <OptionalResourcePage
      header={header}
      query={alerts}
      loading={{ label: 'Loading the alerts', rows: 4 }}
      errorTitle="Could not load the alerts"
      absent={{
        title: 'This server has no alerts',
        description: 'It does not watch the logs; use the log viewer instead.',
      }}
    >
      {(loaded) => <AlertsTable alerts={loaded} readOnly={readOnly} />}
    </OptionalResourcePage>
  );
}

function AlertsTable({ alerts, readOnly }: { alerts: AlertWire[]; readOnly: string | null }) {
  const apps = useQuery(appsQueryOptions());
  const appName = (key: string) => {
    const app = apps.data?.find((item) => item.key === key);
    return app?.name || key;
  };
  if (alerts.length === 0) {
    return (
      <EmptyState
        title="No alerts yet"
        description={
          readOnly ??
          'Make one here, or open an app’s logs, filter them, and choose “Alert on this view”.'
        }
      />
    );
  }
  return (
    <div className="space-y-3">
      {readOnly && <p className="text-muted text-sm">{readOnly}</p>}
      <DataTable caption="Alerts" columns={COLUMNS}>
        {alerts.map((alert) => (
          <tr key={alert.id} className={trClasses}>
            <td className={tdClasses}>
              <Link
                to="/alerts/$id"
                params={{ id: String(alert.id) }}
                className="text-fg font-medium hover:underline"
              >
                {alert.name}
              </Link>
              {!alert.enabled && <span className="text-muted ml-2 text-xs">(paused)</span>}
            </td>
            <td className={`${tdClasses} hidden md:table-cell`}>{appName(alert.app)}</td>
            <td className={tdClasses}>
              <AlertStateBadge status={alert.status} />
            </td>
            <td className={`${tdClasses} hidden sm:table-cell`}>
              <Timestamp
                value={alert.status?.last_fired_at ?? null}
                missing={alert.status ? 'never' : '—'}
              />
            </td>
            <td className={`${tdClasses} text-muted hidden max-w-md lg:table-cell`}>
              {ruleInWords(alert, appName(alert.app))}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

// An alert's history (issue 41): its app's volume for the alert's query over the last day, with
// where it fired and resolved (GET /alerts/{id}/events), and the changes as a list. A server
// that does not evaluate alerts has no events route: the section says so.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { STATE_WORDS } from './rule-words';
import { alertEventsQueryOptions, type AlertWire } from '../../api/alerts';
import { logVolumeQueryOptions } from '../../api/app-logs';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { formatLogTime } from '../../lib/log-time-format';
import { eventMarks, historyVolumeQuery } from './alert-chart-data';
import { VolumeChartPlaceholder } from '../../components/volume-chart/volume-chart-placeholder';

const VolumeChart = lazy(() => import('../../components/volume-chart/volume-chart'));
const CHART_CLASS = 'h-24 sm:h-28';

export function AlertHistory({ alert }: { alert: AlertWire }) {
  // The day ends on the minute the page opened; a reload moves it.
  const [now] = useState(() => Date.now() / 1000);
  const events = useQuery(alertEventsQueryOptions(alert.id));
  const volume = useQuery(logVolumeQueryOptions(alert.app, historyVolumeQuery(alert, now)));
  const items = events.data?.items ?? [];
  const placeholder = <VolumeChartPlaceholder plotClass={CHART_CLASS} />;
  return (
    <Card>
      <CardHeader
        title="History"
        description="The app's matching entries over the last 24 hours; red where it fired, green where it resolved."
      />
      <CardBody className="space-y-3">
        {volume.isError ? (
          <p className="text-muted text-sm">
            The log volume could not be loaded: {volume.error.message}
          </p>
        ) : volume.data ? (
          <Suspense fallback={placeholder}>
            <VolumeChart
              volume={volume.data}
              className={CHART_CLASS}
              caption="Matching entries · marks: fired and resolved"
              label="Alert history chart"
              overlay={{ marks: eventMarks(items) }}
            />
          </Suspense>
        ) : (
          placeholder
        )}
        {events.isError ? (
          <ErrorState
            error={events.error}
            title="Could not load the alert's history"
            onRetry={() => void events.refetch()}
          />
        ) : events.data === null ? (
          <p className="text-muted text-sm">
            This server does not evaluate alerts yet: no history.
          </p>
        ) : events.data && items.length === 0 ? (
          <p className="text-muted text-sm">Not evaluated yet: no changes of state.</p>
        ) : (
          <ol aria-label="Changes of state" className="divide-border divide-y text-sm">
            {items.map((event) => (
              <li key={event.id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
                <span>
                  {event.from ? `${STATE_WORDS[event.from]} → ` : ''}
                  <strong>{STATE_WORDS[event.to]}</strong>
                  <span className="text-muted">
                    {' '}
                    · {event.count} in the window (threshold {event.threshold})
                  </span>
                </span>
                <time dateTime={event.at} className="text-muted font-mono text-xs">
                  {formatLogTime(Date.parse(event.at) / 1000, false).slice(0, 16)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}

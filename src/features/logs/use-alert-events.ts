import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AlertEvent } from '../../../contract/schemas/alert';
import { alertEventsQueryOptions, alertsQueryOptions } from '../../api/alerts';

/**
 * The alerts of app `appKey` with their newest changes of state (issue 41), for the volume
 * chart's marks. Empty on a server without alerts (or one that does not evaluate them), while
 * loading, and when a read failed: the chart is drawn without marks, the list works on.
 */
export function useAlertEvents(appKey: string): { name: string; events: AlertEvent[] }[] {
  const list = useQuery(alertsQueryOptions());
  const ofApp = useMemo(
    () => (list.data ?? []).filter((alert) => alert.app === appKey),
    [list.data, appKey],
  );
  return useQueries({
    queries: ofApp.map((alert) => alertEventsQueryOptions(alert.id)),
    combine: (results) =>
      ofApp.flatMap((alert, index) => {
        const events = results[index]?.data?.items;
        return events && events.length > 0 ? [{ name: alert.name, events }] : [];
      }),
  });
}

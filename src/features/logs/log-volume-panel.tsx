import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { logVolumeQueryOptions } from '../../api/app-logs';
import { VolumeChartPlaceholder } from '../../components/volume-chart/volume-chart-placeholder';
import { isApiError } from '../../api/client';
import { countedSinceNote, volumeQueryFor } from './log-volume';
import { useAlertEvents } from './use-alert-events';
import { alertMarks } from './alert-marks';
import type { LogsSearch } from './search-params';
import { useNow } from './use-now';

// uPlot loads with the chart, not with the page (the bundle budget of scripts/).
const LogVolumeChart = lazy(() => import('../../components/volume-chart/volume-chart'));

/** Refetch of the live chart: the newest bucket grows as entries arrive. */
const LIVE_REFETCH_MS = 5_000;
const CHART_CLASS = 'h-20 sm:h-24';

/**
 * The log volume over the list, for the current filters and range. A server without the volume
 * route (404) gets no chart; other failures say so in one line, and the list works on.
 */
export function LogVolumePanel({
  appKey,
  search,
  live,
  onZoom,
}: {
  appKey: string;
  search: LogsSearch;
  /** Not live: a range with an end (a shared link, a zoom), where nothing moves. */
  live: boolean;
  onZoom: (from: number, to: number) => void;
}) {
  // A range that moves with the clock changes its query once a minute (see volumeQueryFor).
  const now = useNow(live);
  const query = volumeQueryFor(search, now / 1000);
  const volume = useQuery({
    ...logVolumeQueryOptions(appKey, query),
    placeholderData: keepPreviousData,
    refetchInterval: live ? LIVE_REFETCH_MS : false,
  });
  const alerts = useAlertEvents(appKey);
  const since = volume.data?.since;
  const before = volume.data?.before;
  const marks =
    since === undefined || before === undefined ? [] : alertMarks(alerts, since, before);
  // One overlay while the marks are the same: a new overlay redraws the chart.
  const marksKey = JSON.stringify(marks);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the marks' content
  const overlay = useMemo(() => (marks.length === 0 ? undefined : { marks }), [marksKey]);

  if (volume.isError && isApiError(volume.error) && volume.error.status === 404) return null;
  if (volume.isError) {
    return (
      <p className="text-muted border-border rounded-lg border px-3 py-2 text-xs" role="status">
        The log volume could not be loaded: {volume.error.message}
      </p>
    );
  }
  const placeholder = <VolumeChartPlaceholder plotClass={CHART_CLASS} />;
  if (!volume.data) return placeholder;
  const note = countedSinceNote(volume.data);
  return (
    <Suspense fallback={placeholder}>
      <LogVolumeChart
        volume={volume.data}
        className={CHART_CLASS}
        onZoom={onZoom}
        {...(overlay ? { overlay } : {})}
      />
      {note === null ? null : (
        <p className="text-muted mt-1 text-xs" role="note" data-volume-counted-since>
          {note}
        </p>
      )}
    </Suspense>
  );
}

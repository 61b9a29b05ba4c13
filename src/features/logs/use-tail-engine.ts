import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { fetchAppLogsPage } from '../../api/app-logs';
import { effectiveRange, filterFromSearch } from './log-range';
import type { LogsSearch } from './search-params';
import { TailEngine, type TailSnapshot } from './tail/tail-engine';

/** Spacing of renders while catching up (full pages land every few milliseconds)… */
const RENDER_SPACING_MS = 250;
/** …and while live, where a held request brings each line as it comes (decision 013). */
const LIVE_RENDER_SPACING_MS = 50;
/** `wait` of follow requests: our service holds them until a line comes (decision 013). */
const FOLLOW_WAIT_SECONDS = 25;

/** What of the URL decides the tail; everything else (utc, …) is display only. */
export type TailSearch = Pick<
  LogsSearch,
  | 'level'
  | 'job'
  | 'job_match'
  | 'q'
  | 'range'
  | 'since'
  | 'before'
  | 'entry'
  | 'at'
  | 'where'
  | 'where_not'
>;

/**
 * Connects one app's tail engine to React. The engine lives as long as the component (key the
 * component by app); the URL's filters drive it, and `visibilitychange` stops polling while the
 * tab is hidden. Re-renders only when the engine publishes a new snapshot.
 */
export function useTailEngine(appKey: string, search: TailSearch) {
  const [engine] = useState(
    () =>
      new TailEngine({
        fetchPage: (query, signal) => fetchAppLogsPage(appKey, query, signal),
        waitSeconds: FOLLOW_WAIT_SECONDS,
      }),
  );

  const { level, job, job_match, q, since, before, entry, at } = search;
  const range = effectiveRange(search);
  // The lists by value: a new array with the same conditions is the same filter.
  const fieldKey = JSON.stringify([search.where ?? [], search.where_not ?? []]);
  useEffect(() => {
    const [where, where_not] = JSON.parse(fieldKey) as [string[], string[]];
    // "Last 15 minutes" means from now, so the bound is computed when the filter is applied.
    const filter = filterFromSearch(
      { level, job, job_match, q, range, since, before, where, where_not },
      Date.now() / 1000,
    );
    if (entry !== undefined && at !== undefined) engine.startAround(filter, at, entry);
    else engine.setFilter(filter);
  }, [engine, level, job, job_match, q, range, since, before, entry, at, fieldKey]);

  useEffect(() => () => engine.stop(), [engine]);

  useEffect(() => {
    const sync = () => engine.setVisible(document.visibilityState !== 'hidden');
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => document.removeEventListener('visibilitychange', sync);
  }, [engine]);

  // While catching up, the engine publishes a page every few milliseconds; nobody reads ten
  // screens a second, and each one replaces every visible row. Renders are spaced at least
  // RENDER_SPACING_MS apart then, LIVE_RENDER_SPACING_MS while live (the first at once, the
  // last never lost).
  const subscribe = useCallback(
    (listener: () => void) => {
      let timer: ReturnType<typeof setTimeout> | null = null;
      let last = Number.NEGATIVE_INFINITY;
      const notify = () => {
        timer = null;
        last = performance.now();
        listener();
      };
      const unsubscribe = engine.subscribe(() => {
        if (timer !== null) return;
        const catchingUp = engine.getSnapshot().status.kind === 'catching-up';
        const spacing = catchingUp ? RENDER_SPACING_MS : LIVE_RENDER_SPACING_MS;
        const wait = last + spacing - performance.now();
        if (wait <= 0) notify();
        else timer = setTimeout(notify, wait);
      });
      return () => {
        unsubscribe();
        if (timer !== null) clearTimeout(timer);
      };
    },
    [engine],
  );
  const getSnapshot = useCallback(() => engine.getSnapshot(), [engine]);
  const snapshot: TailSnapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { engine, snapshot };
}

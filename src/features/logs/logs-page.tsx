import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { appQueryOptions } from '../../api/apps';
import { isApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { jobsInEntries } from './job-suggestions';
import { KeyboardHelp } from './keyboard-help';
import { formatUtcOffset, isErrorLevel } from './log-format';
import { nextLine } from './log-navigation';
import { downloadNdjson } from './log-export';
import { LogFilterBar } from './log-filter-bar';
import { queryTerms } from './log-highlight';
import { addSearchPhrase } from './log-line';
import type { LogRowFilter } from './log-line-text';
import { LogContextPanel } from './log-context-panel';
import { LogList } from './log-list';
import { LogVolumePanel } from './log-volume-panel';
import { zoomSearch } from './log-volume';
import { isHistorySearch } from './log-range';
import { LogStatusLine } from './log-status-line';
import { LogToolbar } from './log-toolbar';
import { LogViewsMenu } from './log-views-menu';
import { AlertOnViewLink } from './alert-on-view-link';
import { LogFacets } from './log-facets';
import { FieldConditionChips } from './field-condition-chips';
import { fieldConditionsOf, withFieldCondition, withoutFieldCondition } from './field-conditions';
import { LogsEmpty } from './logs-empty';
import { NewLinesPill } from './new-lines-pill';
import type { LogsSearch } from './search-params';
import { useCopyEntryLink, useCopyViewLink } from './use-copy-entry-link';
import { useFollow } from './use-follow';
import { useLogKeyboard } from './use-log-keyboard';
import { useNow } from './use-now';
import { MAX_ENTRIES } from './tail/tail-engine';
import { useTailEngine } from './use-tail-engine';

const route = getRouteApi('/apps/$key/logs');

/** `/apps/$key/logs`: the live log viewer of one app. */
export function LogsPage() {
  const { key } = route.useParams();
  // One engine per app: a different app is a different viewer.
  return <LogsViewer key={key} appKey={key} />;
}

function LogsViewer({ appKey }: { appKey: string }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const appQuery = useQuery(appQueryOptions(appKey));
  const { engine, snapshot } = useTailEngine(appKey, search);
  const live = !isHistorySearch(search);
  const utc = search.utc === true;
  const relative = search.relative === true;
  const now = useNow(relative);
  const terms = useMemo(() => queryTerms(search.q), [search.q]);
  const fieldConditions = useMemo(
    () => fieldConditionsOf({ where: search.where, where_not: search.where_not }),
    [search.where, search.where_not],
  );
  const jobs = useMemo(
    () => appQuery.data?.data.jobs.flatMap((job) => (job.name === null ? [] : [job.name])) ?? [],
    [appQuery.data],
  );
  const searchInputRef = useRef<HTMLInputElement>(null);

  const { following, setFollowing, newLines } = useFollow(snapshot, live);

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(
    () => new Set(search.entry ? [search.entry] : []),
  );
  const targetId = search.entry !== undefined && search.at !== undefined ? search.entry : null;

  const updateSearch = useCallback(
    (patch: Partial<LogsSearch>) =>
      void navigate({
        search: (previous) => ({ ...previous, entry: undefined, at: undefined, ...patch }),
        replace: true,
      }),
    [navigate],
  );

  const onUserScroll = (atEnd: boolean) => {
    if (!live) {
      if (atEnd && snapshot.canLoadNewer && !snapshot.loadingNewer) void engine.loadNewer();
      return;
    }
    if (atEnd !== following) setFollowing(atEnd);
  };

  const toggle = (id: string) => {
    setSelectedId(id);
    setExpandedIds((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
    // A row opened while lines stream in must not scroll away from under the pointer.
    if (following) setFollowing(false);
  };
  // Rows are memoized: they get one stable callback that calls the current `toggle`.
  const toggleRef = useRef(toggle);
  useLayoutEffect(() => {
    toggleRef.current = toggle;
  });
  const onToggle = useCallback((id: string) => toggleRef.current(id), []);

  const onCopyLink = useCopyEntryLink(appKey, search);
  const copyViewLink = useCopyViewLink(appKey, search);
  const [contextEntry, setContextEntry] = useState<AppLogEntry | null>(null);
  const onShowContext = useCallback((entry: AppLogEntry) => setContextEntry(entry), []);
  // Read when the job suggestions open; stable, so the memoized filter bar does not re-render.
  const entriesRef = useRef(snapshot.entries);
  useLayoutEffect(() => {
    entriesRef.current = snapshot.entries;
  });
  const seenJobs = useCallback(() => jobsInEntries(entriesRef.current), []);

  // One-click filters from a row; a stable callback that calls the current one, as onToggle.
  const filter = (rowFilter: LogRowFilter) => {
    updateSearch(
      'job' in rowFilter
        ? { job: rowFilter.job, job_match: undefined }
        : { q: addSearchPhrase(search.q, rowFilter.phrase) },
    );
  };
  const filterRef = useRef(filter);
  useLayoutEffect(() => {
    filterRef.current = filter;
  });
  const onFilter = useCallback((filter: LogRowFilter) => filterRef.current(filter), []);

  const goLive = () => {
    if (!live) {
      updateSearch({ range: undefined, since: undefined, before: undefined });
      return;
    }
    setSelectedId(null);
    setFollowing(true);
  };

  const select = (entry: AppLogEntry | undefined) => {
    if (!entry) return;
    setSelectedId(entry.id);
    if (following) setFollowing(false);
  };

  useLogKeyboard({
    focusSearch: () => searchInputRef.current?.focus(),
    move: (step) => select(nextLine(snapshot.entries, selectedId, step)),
    moveToError: (step) =>
      select(nextLine(snapshot.entries, selectedId, step, (entry) => isErrorLevel(entry.level))),
    toggleSelected: () => {
      if (!selectedId) return false;
      onToggle(selectedId);
      return true;
    },
    showContext: () => {
      const entry = snapshot.entries.find((item) => item.id === selectedId);
      if (entry) setContextEntry(entry);
    },
    goLive,
    openHelp: () => setHelpOpen(true),
  });

  if (appQuery.isError && isApiError(appQuery.error) && appQuery.error.status === 404) {
    return <ErrorState error={appQuery.error} title={`There is no app "${appKey}" on this site`} />;
  }

  const appName = appQuery.data?.data.name ?? appKey;
  return (
    <div className="flex min-h-[calc(100dvh-8.5rem)] flex-col gap-3 sm:h-[calc(100dvh-8.5rem)] sm:min-h-[30rem]">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-muted text-sm">
            <Link
              to="/apps/$key"
              params={{ key: appKey }}
              className="text-accent hover:underline dark:text-indigo-300"
            >
              {appName}
            </Link>
          </p>
          <h1 className="text-xl font-semibold">Logs</h1>
        </div>
        <LogToolbar
          live={live}
          paused={snapshot.paused}
          times={relative ? 'relative' : utc ? 'utc' : 'local'}
          utcLabel={formatUtcOffset(new Date())}
          entryCount={snapshot.entries.length}
          // `paused` is the admin's choice; the status may say hidden or reconnecting meanwhile.
          onPauseToggle={() => (snapshot.paused ? engine.resume() : engine.pause())}
          onTimesChange={(times) =>
            updateSearch({
              utc: times === 'utc' ? true : undefined,
              relative: times === 'relative' ? true : undefined,
              entry: search.entry,
              at: search.at,
            })
          }
          onExport={() => downloadNdjson(appKey, snapshot.entries)}
          onCopyLink={() =>
            void copyViewLink(snapshot.entries.find((entry) => entry.id === selectedId) ?? null)
          }
          onGoLive={() => updateSearch({ range: undefined, since: undefined, before: undefined })}
          views={
            <>
              <LogViewsMenu appKey={appKey} search={search} onApply={updateSearch} />
              <LogFacets
                appKey={appKey}
                search={search}
                live={live}
                onSearchValue={(value) => updateSearch({ q: addSearchPhrase(search.q, value) })}
                onFilterValue={(key, value, exclude) =>
                  updateSearch(withFieldCondition(search, { key, value, exclude }))
                }
              />
              <AlertOnViewLink appKey={appKey} search={search} />
            </>
          }
        />
      </div>
      <LogFilterBar
        appKey={appKey}
        search={search}
        jobs={jobs}
        seenJobs={seenJobs}
        searchInputRef={searchInputRef}
        onChange={updateSearch}
      />
      <FieldConditionChips
        conditions={fieldConditions}
        onRemove={(condition) => updateSearch(withoutFieldCondition(search, condition))}
      />
      <LogVolumePanel
        appKey={appKey}
        search={search}
        live={live}
        onZoom={(from, to) => updateSearch(zoomSearch(from, to))}
      />
      <p className="text-muted -mb-2 hidden text-right text-xs sm:block" aria-hidden="true">
        <kbd>j</kbd>/<kbd>k</kbd> lines · <kbd>n</kbd>/<kbd>p</kbd> errors · <kbd>Enter</kbd> opens
      </p>
      <div className="border-border flex min-h-[24rem] flex-1 flex-col overflow-hidden rounded-lg border sm:min-h-0">
        <div className="relative flex min-h-0 flex-1 flex-col">
          {snapshot.entries.length === 0 ? (
            <LogsEmpty
              snapshot={snapshot}
              filtered={Boolean(
                search.level || search.job || search.q || fieldConditions.length > 0,
              )}
              onClear={() =>
                updateSearch({
                  level: undefined,
                  job: undefined,
                  job_match: undefined,
                  q: undefined,
                  where: undefined,
                  where_not: undefined,
                })
              }
              onRetry={() => engine.retryNow()}
            />
          ) : (
            <LogList
              entries={snapshot.entries}
              generation={snapshot.generation}
              utc={utc}
              relativeTo={relative ? now : null}
              terms={terms}
              expandedIds={expandedIds}
              selectedId={selectedId}
              targetId={targetId}
              following={following}
              canLoadOlder={snapshot.canLoadOlder}
              loadingOlder={snapshot.loadingOlder}
              onUserScroll={onUserScroll}
              onLoadOlder={() => void engine.loadOlder()}
              onToggle={onToggle}
              onCopyLink={(entry) => void onCopyLink(entry)}
              onShowContext={onShowContext}
              onFilter={onFilter}
            />
          )}
          {live && !following && snapshot.entries.length > 0 && (
            <NewLinesPill newLines={newLines} onClick={goLive} />
          )}
          {!live && snapshot.canLoadNewer && (
            <Button
              size="sm"
              className="absolute bottom-3 left-1/2 z-10 -translate-x-1/2 rounded-full shadow-lg"
              loading={snapshot.loadingNewer}
              onClick={() => void engine.loadNewer()}
            >
              Load newer entries
            </Button>
          )}
        </div>
        <LogStatusLine
          snapshot={snapshot}
          maxEntries={MAX_ENTRIES}
          below={following ? null : newLines}
        />
      </div>
      <KeyboardHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
      {contextEntry && (
        <LogContextPanel
          appKey={appKey}
          entry={contextEntry}
          utc={search.utc === true}
          onClose={() => setContextEntry(null)}
        />
      )}
    </div>
  );
}

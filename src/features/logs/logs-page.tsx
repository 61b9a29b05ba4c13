import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { appQueryOptions } from '../../api/apps';
import { isApiError } from '../../api/client';
import { Button } from '../../components/ui/button';
import { ErrorState } from '../../components/ui/error-state';
import { jobsInEntries } from './job-suggestions';
import { KeyboardHelp } from './keyboard-help';
import { formatUtcOffset } from './log-format';
import { downloadNdjson } from './log-export';
import { LogFilterBar } from './log-filter-bar';
import { queryTerms } from './log-highlight';
import { LogList } from './log-list';
import { isHistorySearch } from './log-range';
import { LogStatusLine } from './log-status-line';
import { LogToolbar } from './log-toolbar';
import { LogsEmpty } from './logs-empty';
import { NewLinesPill } from './new-lines-pill';
import type { LogsSearch } from './search-params';
import { useCopyEntryLink } from './use-copy-entry-link';
import { useFollow } from './use-follow';
import { useLogKeyboard } from './use-log-keyboard';
import { MAX_ENTRIES } from './tail-engine';
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
  const terms = useMemo(() => queryTerms(search.q), [search.q]);
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
  // Read when the job suggestions open; stable, so the memoized filter bar does not re-render.
  const entriesRef = useRef(snapshot.entries);
  useLayoutEffect(() => {
    entriesRef.current = snapshot.entries;
  });
  const seenJobs = useCallback(() => jobsInEntries(entriesRef.current), []);

  const goLive = () => {
    if (!live) {
      updateSearch({ range: undefined, since: undefined, before: undefined });
      return;
    }
    setSelectedId(null);
    setFollowing(true);
  };

  useLogKeyboard({
    focusSearch: () => searchInputRef.current?.focus(),
    move: (step) => {
      const { entries } = snapshot;
      if (entries.length === 0) return;
      const current = selectedId ? entries.findIndex((entry) => entry.id === selectedId) : -1;
      const index =
        current < 0
          ? entries.length - 1
          : Math.min(entries.length - 1, Math.max(0, current + step));
      const entry = entries[index];
      if (entry) setSelectedId(entry.id);
      if (following) setFollowing(false);
    },
    toggleSelected: () => {
      if (!selectedId) return false;
      onToggle(selectedId);
      return true;
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
          utc={utc}
          utcLabel={formatUtcOffset(new Date())}
          entryCount={snapshot.entries.length}
          // `paused` is the admin's choice; the status may say hidden or reconnecting meanwhile.
          onPauseToggle={() => (snapshot.paused ? engine.resume() : engine.pause())}
          onUtcToggle={() =>
            updateSearch({ utc: utc ? undefined : true, entry: search.entry, at: search.at })
          }
          onExport={() => downloadNdjson(appKey, snapshot.entries)}
          onGoLive={() => updateSearch({ range: undefined, since: undefined, before: undefined })}
        />
      </div>
      <LogFilterBar
        search={search}
        jobs={jobs}
        seenJobs={seenJobs}
        searchInputRef={searchInputRef}
        onChange={updateSearch}
      />
      <div className="border-border flex min-h-[24rem] flex-1 flex-col overflow-hidden rounded-lg border sm:min-h-0">
        <div className="relative flex min-h-0 flex-1 flex-col">
          {snapshot.entries.length === 0 ? (
            <LogsEmpty
              snapshot={snapshot}
              filtered={Boolean(search.level || search.job || search.q)}
              onClear={() => updateSearch({ level: undefined, job: undefined, q: undefined })}
              onRetry={() => engine.retryNow()}
            />
          ) : (
            <LogList
              entries={snapshot.entries}
              generation={snapshot.generation}
              utc={utc}
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
    </div>
  );
}

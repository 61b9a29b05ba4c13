// "Show context" (decision 052, Grafana's show context): the entries just before and after one
// line in the app's whole log, whatever the filters, the line highlighted and scrolled into view,
// "Load more" on each side. Loaded on first open (a chunk of its own). The Dialog returns focus
// to where it was (the row) on close.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { logContextQueryOptions } from '../../api/app-log-find';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { CONTEXT_MAX, CONTEXT_STEP, moreContext, type ContextCounts } from './context-window';
import { formatLogTimePrecise, logJobName } from './log-format';
import { LogLevelBadge } from './log-level-badge';
import { logLine } from './log-line';

export interface LogContextDialogProps {
  appKey: string;
  entry: AppLogEntry;
  utc: boolean;
  onClose: () => void;
}

function ContextLine({
  entry,
  current,
  utc,
}: {
  entry: AppLogEntry;
  current: boolean;
  utc: boolean;
}) {
  const line = logLine(entry);
  const job = logJobName(entry.context);
  return (
    <li
      data-context-id={entry.id}
      aria-current={current ? 'true' : undefined}
      className={cn(
        'border-border/60 flex flex-wrap items-center gap-x-2 gap-y-0.5 border-b px-2 py-1 font-mono text-xs sm:flex-nowrap sm:items-start',
        current && 'bg-accent-soft outline-accent outline-2 -outline-offset-2',
      )}
    >
      <span className="text-muted shrink-0 tabular-nums">
        {formatLogTimePrecise(entry.time, utc)}
      </span>
      <LogLevelBadge level={entry.level} className="shrink-0" />
      {job !== null && <span className="text-muted shrink-0">[{job}]</span>}
      <span className="w-full min-w-0 break-words sm:w-auto sm:flex-1">
        {current && <span className="sr-only">This entry: </span>}
        {line.message}
        {line.fields.map((field) => ` ${field.key}=${field.text}`).join('')}
      </span>
    </li>
  );
}

export default function LogContextDialog({ appKey, entry, utc, onClose }: LogContextDialogProps) {
  const [counts, setCounts] = useState<ContextCounts>({
    before: CONTEXT_STEP,
    after: CONTEXT_STEP,
  });
  const context = useQuery({
    ...logContextQueryOptions(appKey, entry.id, counts),
    placeholderData: keepPreviousData,
  });
  const listRef = useRef<HTMLOListElement>(null);
  const loaded = context.data !== undefined;
  // Once, when the first answer arrives: the line in the middle of the view. "Load more" keeps
  // the reader where they are.
  useEffect(() => {
    if (!loaded) return;
    listRef.current?.querySelector(`[aria-current="true"]`)?.scrollIntoView({ block: 'center' });
  }, [loaded]);

  const data = context.data;
  const more = (side: keyof ContextCounts, label: string, hasMore: boolean) =>
    hasMore && counts[side] < CONTEXT_MAX ? (
      <Button
        size="sm"
        variant="ghost"
        disabled={context.isFetching}
        onClick={() => setCounts((current) => moreContext(current, side))}
      >
        {label}
      </Button>
    ) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      size="xl"
      title="Context"
      description="The entries just before and after this line in the whole log, whatever the filters."
      footer={<Button onClick={onClose}>Close</Button>}
    >
      {context.isError && !data ? (
        <p role="alert" className="text-danger text-sm">
          Could not load the context:{' '}
          {context.error instanceof Error ? context.error.message : 'unknown error'}
        </p>
      ) : !data ? (
        <p role="status" className="text-muted flex items-center gap-2 text-sm">
          <Spinner className="size-4" /> Loading the entries around this line…
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          {more('before', 'Load earlier entries', data.has_more_before)}
          <ol
            ref={listRef}
            aria-label="Entries around this line, oldest first"
            className="border-border max-h-[60vh] overflow-auto rounded-md border"
          >
            {data.before.map((item) => (
              <ContextLine key={item.id} entry={item} current={false} utc={utc} />
            ))}
            <ContextLine entry={data.entry} current utc={utc} />
            {data.after.map((item) => (
              <ContextLine key={item.id} entry={item} current={false} utc={utc} />
            ))}
          </ol>
          {more('after', 'Load later entries', data.has_more_after)}
          <p role="status" className="sr-only">
            {context.isFetching ? 'Loading more entries' : ''}
          </p>
        </div>
      )}
    </Dialog>
  );
}

import { memo } from 'react';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { cn } from '../../lib/cn';
import { formatLogTime, formatLogTimePrecise, formatRelativeTime, logJobName } from './log-format';
import { LogLevelBadge } from './log-level-badge';
import { LogLineText } from './log-line-text';
import type { LogRowFilter } from './log-line-text';
import { LogRowDetails } from './log-row-details';

export interface LogRowProps {
  entry: AppLogEntry;
  utc: boolean;
  /** Epoch ms to show times relative to ("12 s ago"), or null for absolute times. */
  relativeTo: number | null;
  terms: readonly string[];
  expanded: boolean;
  selected: boolean;
  /**
   * The list's one Tab stop (roving tabindex): the selected row, else the newest. The other
   * rows' controls are reached with j/k, which move the focus along (issue 30).
   */
  tabStop: boolean;
  /** The entry a shared link points at. */
  target: boolean;
  onToggle: (id: string) => void;
  onCopyLink: (entry: AppLogEntry) => void;
  onShowContext: (entry: AppLogEntry) => void;
  /** A click on a field value or on the job chip. */
  onFilter: (filter: LogRowFilter) => void;
}

/**
 * One log line. Collapsed rows have a fixed height (one line on wide screens, two on narrow
 * ones: see ROW_HEIGHT in log-list) so the virtualizer's estimate is exact and nothing shifts.
 */
export const LogRow = memo(function LogRow({
  entry,
  utc,
  relativeTo,
  terms,
  expanded,
  selected,
  tabStop,
  target,
  onToggle,
  onCopyLink,
  onShowContext,
  onFilter,
}: LogRowProps) {
  const job = logJobName(entry.context);
  const time = formatLogTime(entry.time, utc);
  const detailsId = `log-details-${entry.id}`;
  const tabIndex = tabStop ? 0 : -1;
  return (
    <div
      className={cn(
        target && 'bg-accent-soft',
        selected && 'outline-ring outline-2 -outline-offset-2',
      )}
    >
      <div
        className="hover:bg-subtle border-border/60 flex h-12 cursor-pointer flex-wrap content-center items-center gap-x-2 overflow-hidden border-b px-2 font-mono text-xs sm:h-7 sm:flex-nowrap"
        onClick={(event) => {
          // Selecting text to copy it must not toggle the row.
          if (window.getSelection()?.toString()) return;
          if ((event.target as HTMLElement).closest('button')) return;
          onToggle(entry.id);
        }}
      >
        <button
          type="button"
          className="text-muted hover:text-fg focus-visible:outline-ring -ml-1 flex size-5 shrink-0 items-center justify-center rounded focus-visible:outline-2"
          tabIndex={tabIndex}
          aria-expanded={expanded}
          aria-controls={expanded ? detailsId : undefined}
          aria-label={`Details of the ${entry.level} entry at ${time}`}
          onClick={() => onToggle(entry.id)}
        >
          <svg
            viewBox="0 0 20 20"
            fill="currentColor"
            aria-hidden="true"
            className={cn('size-3.5 transition-transform', expanded && 'rotate-90')}
          >
            <path d="M7.2 14.8a.75.75 0 0 1 0-1.06L10.94 10 7.2 6.26a.75.75 0 1 1 1.06-1.06l4.27 4.27a.75.75 0 0 1 0 1.06L8.26 14.8a.75.75 0 0 1-1.06 0Z" />
          </svg>
        </button>
        <time
          className={cn('text-muted shrink-0 tabular-nums', relativeTo !== null && 'w-20 sm:w-24')}
          dateTime={entry.created_at}
          // Lines of one batch share the millisecond: the microseconds show their order.
          title={formatLogTimePrecise(entry.time, utc)}
        >
          {relativeTo === null ? (
            <>
              {/* Phones show the time of day only; the date is in the details. */}
              <span className="hidden sm:inline">{time.slice(0, 11)}</span>
              {time.slice(11)}
            </>
          ) : (
            formatRelativeTime(entry.time, relativeTo)
          )}
        </time>
        <LogLevelBadge level={entry.level} />
        {job && (
          <button
            type="button"
            className="bg-subtle text-muted hover:text-fg hover:ring-border-strong focus-visible:outline-ring max-w-28 min-w-0 truncate rounded px-1.5 py-px hover:ring-1 focus-visible:outline-2 sm:max-w-40 sm:shrink-0"
            title={`Job ${job}: show only this job`}
            aria-label={`Show only job ${job}`}
            tabIndex={tabIndex}
            onClick={() => onFilter({ job })}
          >
            {job}
          </button>
        )}
        <LogLineText entry={entry} terms={terms} onFilter={onFilter} tabIndex={tabIndex} />
      </div>
      {expanded && (
        <LogRowDetails
          id={detailsId}
          entry={entry}
          terms={terms}
          onCopyLink={onCopyLink}
          onShowContext={onShowContext}
          tabIndex={tabIndex}
        />
      )}
    </div>
  );
});

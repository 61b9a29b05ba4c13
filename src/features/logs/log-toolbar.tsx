import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { SegmentedControl } from '../../components/ui/segmented-control';

/** How the rows show their times; `utc` and `relative` in the URL. */
export type TimeDisplay = 'local' | 'utc' | 'relative';

export interface LogToolbarProps {
  live: boolean;
  paused: boolean;
  times: TimeDisplay;
  /** The local offset, e.g. "UTC+01:00". */
  utcLabel: string;
  entryCount: number;
  onPauseToggle: () => void;
  onTimesChange: (times: TimeDisplay) => void;
  onExport: () => void;
  /** Copies a link to the current view (decision 052). */
  onCopyLink: () => void;
  /** Leaves a history view (shared link, custom range) for the live tail. */
  onGoLive?: () => void;
  /** The saved views menu (issue 30), first in the row. */
  views?: ReactNode;
}

function PauseIcon({ paused }: { paused: boolean }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      {paused ? (
        <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
      ) : (
        <path d="M5.75 3a.75.75 0 0 0-.75.75v12.5c0 .41.34.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75A.75.75 0 0 0 7.25 3h-1.5Zm7 0a.75.75 0 0 0-.75.75v12.5c0 .41.34.75.75.75h1.5a.75.75 0 0 0 .75-.75V3.75a.75.75 0 0 0-.75-.75h-1.5Z" />
      )}
    </svg>
  );
}

function LinkIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M12.232 4.232a2.5 2.5 0 0 1 3.536 3.536l-1.225 1.224a.75.75 0 0 0 1.061 1.06l1.224-1.224a4 4 0 0 0-5.656-5.656l-3 3a4 4 0 0 0 .225 5.865.75.75 0 0 0 .977-1.138 2.5 2.5 0 0 1-.142-3.667l3-3Z" />
      <path d="M11.603 7.963a.75.75 0 0 0-.977 1.138 2.5 2.5 0 0 1 .142 3.667l-3 3a2.5 2.5 0 0 1-3.536-3.536l1.225-1.224a.75.75 0 0 0-1.061-1.06l-1.224 1.224a4 4 0 1 0 5.656 5.656l3-3a4 4 0 0 0-.225-5.865Z" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M10.75 2.75a.75.75 0 0 0-1.5 0v8.614L6.295 8.235a.75.75 0 1 0-1.09 1.03l4.25 4.5a.75.75 0 0 0 1.09 0l4.25-4.5a.75.75 0 0 0-1.09-1.03l-2.955 3.129V2.75Z" />
      <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
    </svg>
  );
}

export function LogToolbar({
  live,
  paused,
  times,
  utcLabel,
  entryCount,
  onPauseToggle,
  onTimesChange,
  onExport,
  onCopyLink,
  onGoLive,
  views,
}: LogToolbarProps) {
  return (
    // A phone fits Pause, Times and the two icon buttons in one row with the narrower gap.
    <div className="flex flex-wrap items-center gap-1 sm:gap-2">
      {/* On a phone the views take a row of their own, so the controls below keep to one row. */}
      {views && <div className="flex gap-2 max-sm:basis-full">{views}</div>}
      {live ? (
        <Button size="sm" icon={<PauseIcon paused={paused} />} onClick={onPauseToggle}>
          {paused ? 'Resume' : 'Pause'}
        </Button>
      ) : (
        onGoLive && (
          <Button size="sm" onClick={onGoLive}>
            Back to live
          </Button>
        )
      )}
      <SegmentedControl
        label="Times"
        options={[
          { value: 'local', label: 'Local', title: `Local times (${utcLabel})` },
          { value: 'utc', label: 'UTC', title: 'Times in UTC' },
          { value: 'relative', label: 'Relative', title: 'How long ago' },
        ]}
        value={times}
        onChange={onTimesChange}
      />
      <Button size="sm" variant="ghost" icon={<LinkIcon />} title="Copy link" onClick={onCopyLink}>
        <span className="sr-only sm:not-sr-only">Copy link</span>
      </Button>
      {/* On a phone only the icon shows, so the toolbar keeps to one row; the name stays. */}
      <Button
        size="sm"
        variant="ghost"
        icon={<DownloadIcon />}
        title="Export NDJSON"
        onClick={onExport}
        disabled={entryCount === 0}
      >
        <span className="sr-only sm:not-sr-only">Export NDJSON</span>
      </Button>
    </div>
  );
}

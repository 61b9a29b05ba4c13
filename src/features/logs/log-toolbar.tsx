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
  /** Leaves a history view (shared link, custom range) for the live tail. */
  onGoLive?: () => void;
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

export function LogToolbar({
  live,
  paused,
  times,
  utcLabel,
  entryCount,
  onPauseToggle,
  onTimesChange,
  onExport,
  onGoLive,
}: LogToolbarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
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
      <Button size="sm" variant="ghost" onClick={onExport} disabled={entryCount === 0}>
        Export NDJSON
      </Button>
    </div>
  );
}

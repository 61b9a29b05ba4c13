import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { formatBehind, formatEntryCount } from './log-format';
import { describeLive, type NewLines } from './new-lines';
import type { TailSnapshot, TailStatus } from './tail/tail-engine';
import { useNow } from './use-now';

type Tone = 'live' | 'busy' | 'idle' | 'bad';

const dotClasses: Record<Tone, string> = {
  live: 'bg-success',
  busy: 'bg-warning animate-pulse',
  idle: 'bg-border-strong',
  bad: 'bg-danger',
};

function describeStatus(
  status: TailStatus,
  now: number,
  below: NewLines | null,
): { tone: Tone; text: ReactNode } {
  switch (status.kind) {
    case 'starting':
      return { tone: 'busy', text: 'Loading…' };
    case 'live':
      return { tone: 'live', text: describeLive(below) };
    case 'catching-up':
      return { tone: 'busy', text: `Catching up · ${formatBehind(status.behindSeconds)} behind` };
    case 'paused':
      return {
        tone: 'idle',
        text:
          status.pending > 0
            ? `Paused · ${status.pending.toLocaleString('en-US')} new ${status.pending === 1 ? 'line' : 'lines'} waiting`
            : 'Paused · still fetching in the background',
      };
    case 'reconnecting': {
      const seconds = Math.max(0, Math.ceil((status.retryAt - now) / 1000));
      return {
        tone: 'bad',
        text: (
          <>
            {seconds > 0 ? `Reconnecting in ${seconds} s` : 'Reconnecting…'}
            <span className="text-muted"> · {status.error}</span>
          </>
        ),
      };
    }
    case 'hidden':
      return { tone: 'idle', text: 'Not polling while this tab is hidden' };
    case 'history':
      return { tone: 'idle', text: 'History · not following new lines' };
  }
}

/** What the viewer is doing right now, how much it holds, and anything that may be missing. */
export function LogStatusLine({
  snapshot,
  maxEntries,
  below,
}: {
  snapshot: TailSnapshot;
  maxEntries: number;
  /** What arrived since the admin scrolled up, or null while the view follows. */
  below: NewLines | null;
}) {
  const now = useNow(snapshot.status.kind === 'reconnecting');
  const { tone, text } = describeStatus(snapshot.status, now, below);
  const count = snapshot.entries.length;
  return (
    <div className="border-border bg-surface flex flex-col gap-1 border-t px-3 py-1.5 text-xs">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p role="status" className="text-fg flex items-center gap-1.5 font-medium">
          <span aria-hidden="true" className={cn('size-2 rounded-full', dotClasses[tone])} />
          <span data-tail-status={snapshot.status.kind}>{text}</span>
        </p>
        <p className="text-muted tabular-nums" data-testid="log-entry-count" data-count={count}>
          {formatEntryCount(count)} in view
        </p>
        {snapshot.droppedCount > 0 && (
          <p className="text-muted">
            {snapshot.droppedCount.toLocaleString('en-US')} older{' '}
            {snapshot.droppedCount === 1 ? 'entry' : 'entries'} dropped out of the buffer (it keeps
            the newest {maxEntries.toLocaleString('en-US')})
          </p>
        )}
        {snapshot.olderError && (
          <p className="text-danger">Could not load older entries: {snapshot.olderError}</p>
        )}
        {snapshot.newerError && (
          <p className="text-danger">Could not load newer entries: {snapshot.newerError}</p>
        )}
      </div>
      {snapshot.warnings.length > 0 && (
        <ul className="text-warning flex flex-col gap-0.5" aria-label="Warnings">
          {snapshot.warnings.slice(-3).map((warning, index) => (
            <li key={index} className="flex items-start gap-1">
              <span aria-hidden="true">⚠</span>
              <span>{warning}</span>
            </li>
          ))}
          {snapshot.warnings.length > 3 && (
            <li className="text-muted">and {snapshot.warnings.length - 3} earlier warnings</li>
          )}
        </ul>
      )}
    </div>
  );
}

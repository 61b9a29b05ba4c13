import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { ErrorState } from '../../components/ui/error-state';
import { Skeleton } from '../../components/ui/skeleton';
import type { TailSnapshot } from './tail/tail-engine';

/**
 * The list area before anything arrived: loading, a failed first load (with Retry: an empty
 * list would look like a quiet app), or nothing (yet) under these filters.
 */
export function LogsEmpty({
  snapshot,
  filtered,
  onClear,
  onRetry,
}: {
  snapshot: TailSnapshot;
  filtered: boolean;
  onClear: () => void;
  onRetry: () => void;
}) {
  if (snapshot.status.kind === 'starting') {
    return (
      <div
        className="flex flex-1 flex-col gap-2 p-3"
        aria-busy="true"
        aria-label="Loading log entries"
      >
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    );
  }
  if (snapshot.status.kind === 'reconnecting') {
    return (
      <div className="flex flex-1 items-center justify-center p-4">
        <ErrorState
          className="w-full max-w-lg"
          title="Could not load the log entries"
          error={new Error(snapshot.status.error)}
          onRetry={onRetry}
        >
          <p className="text-muted text-sm">It tries again by itself in a moment.</p>
        </ErrorState>
      </div>
    );
  }
  const history = snapshot.status.kind === 'history';
  return (
    <div className="flex flex-1 items-center justify-center p-4">
      <EmptyState
        className="w-full max-w-lg"
        title={filtered ? 'No entries match these filters' : 'No log entries'}
        description={
          history
            ? 'Nothing was logged in this time range.'
            : 'New lines appear here as soon as the app logs them.'
        }
        action={
          filtered ? (
            <Button size="sm" onClick={onClear}>
              Clear filters
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}

// The History dialog around a resource's versions (a notification's, a layout's): the list while
// it loads, fails or is empty, then what the resource shows of its versions.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Revision } from '../../../../contract/wire/audit';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';

export function HistoryShell({
  revisions,
  description,
  onClose,
  children,
}: {
  revisions: UseQueryResult<Revision[]>;
  description: string;
  onClose: () => void;
  children: (revisions: readonly Revision[]) => ReactNode;
}) {
  return (
    <Dialog open onClose={onClose} size="xl" title="History" description={description}>
      {revisions.isPending ? (
        <SkeletonRows count={4} label="Loading the history" />
      ) : revisions.isError ? (
        <ErrorState
          error={revisions.error}
          title="Could not load the history"
          onRetry={() => void revisions.refetch()}
        />
      ) : revisions.data.length === 0 ? (
        <EmptyState
          title="No saved versions yet"
          description="Each save from now on is kept here, with who made it."
        />
      ) : (
        children(revisions.data)
      )}
    </Dialog>
  );
}

// The three states every list query renders (Supabase Studio's rule): a skeleton while pending,
// the error with a retry, an empty state when there is nothing; the children get the data.
//   <QueryStates query={apps} loadingLabel="Loading apps" errorTitle="Could not load the apps"
//     empty={{ title: 'No apps yet', description: '…' }}>
//     {(data) => <AppsTable apps={data} />}
//   </QueryStates>
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './ui/empty-state';
import { ErrorState } from './ui/error-state';
import { SkeletonRows } from './ui/skeleton';

export function QueryStates<T>({
  query,
  loadingLabel,
  loadingRows = 4,
  errorTitle,
  empty,
  children,
}: {
  query: UseQueryResult<readonly T[]>;
  loadingLabel: string;
  loadingRows?: number;
  errorTitle: string;
  empty: { title: string; description?: string };
  children: (data: readonly T[]) => ReactNode;
}) {
  if (query.isPending) return <SkeletonRows count={loadingRows} label={loadingLabel} />;
  if (query.isError) {
    return (
      <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
    );
  }
  if (query.data.length === 0) {
    return <EmptyState title={empty.title} description={empty.description} />;
  }
  return children(query.data);
}

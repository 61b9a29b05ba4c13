// The frame of a page whose resource a server may not have (site settings, members, tokens): the
// header stays while the query loads, fails or answers "not here" (null), so each page only says
// what those states mean for it and renders the loaded data.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { SkeletonRows } from './skeleton';

interface OptionalResourcePageProps<T> {
  header: ReactNode;
  query: UseQueryResult<T | null>;
  loading: { label: string; rows: number };
  errorTitle: string;
  /** What a server without the resource means for the admin. */
  absent: { title: string; description: string };
  children: (data: T) => ReactNode;
}

export function OptionalResourcePage<T>({
  header,
  query,
  loading,
  errorTitle,
  absent,
  children,
}: OptionalResourcePageProps<T>) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        {header}
        <SkeletonRows count={loading.rows} label={loading.label} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div>
        {header}
        <ErrorState error={query.error} title={errorTitle} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  return (
    <div>
      {header}
      {query.data === null ? (
        <EmptyState title={absent.title} description={absent.description} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}

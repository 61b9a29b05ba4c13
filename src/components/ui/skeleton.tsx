// <Skeleton className="h-4 w-40" /> placeholders while a query is pending; <SkeletonRows count={5} />
// for lists. Wrap the area in an element with aria-busy and a label so it is announced once.
import { cn } from '../../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('bg-subtle animate-pulse rounded', className)} aria-hidden="true" />;
}

export function SkeletonRows({ count = 4, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}

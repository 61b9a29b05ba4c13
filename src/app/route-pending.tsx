import { Spinner } from '../components/ui/spinner';

/** Shown while a page's chunk or data loads (after the router's pending delay). */
export function RoutePending() {
  return (
    <div className="flex min-h-48 items-center justify-center" role="status" aria-live="polite">
      <Spinner className="size-5" />
      <span className="sr-only">Loading page</span>
    </div>
  );
}

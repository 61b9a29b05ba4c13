import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorState } from '../components/ui/error-state';

/** A page that threw while loading or rendering; "Try again" reloads its chunk and queries. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { reset } = useQueryErrorResetBoundary();
  useEffect(() => {
    reset();
  }, [reset]);
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script/i.test(error.message);
  return (
    <div className="mx-auto max-w-xl py-10">
      <ErrorState
        title={chunkFailed ? 'This page could not be loaded' : undefined}
        error={
          chunkFailed
            ? new Error('A newer version of the console may be deployed. Reload the page.')
            : error
        }
        onRetry={() => {
          if (chunkFailed) window.location.reload();
          else void router.invalidate();
        }}
      />
    </div>
  );
}

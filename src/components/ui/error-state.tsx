// <ErrorState error={query.error} onRetry={() => query.refetch()} /> for a query that failed.
// Explains ApiErrors in words (network, 403, 404, 5xx) and offers "Try again" when onRetry is given.
import type { ReactNode } from 'react';
import { isApiError } from '../../api/client';
import { cn } from '../../lib/cn';
import { Button } from './button';

/** The message with its status, unless the message already names it. */
function withStatus(message: string, status: number): string {
  return message.includes(String(status)) ? message : `${message} (${status})`;
}

function describe(error: unknown): { title: string; detail: string } {
  if (isApiError(error)) {
    if (error.kind === 'network') {
      return { title: 'The server could not be reached', detail: error.message };
    }
    if (error.kind === 'invalid-response') {
      return { title: 'The server sent an unexpected answer', detail: error.message };
    }
    if (error.status === 403) return { title: 'No access', detail: error.message };
    if (error.status === 404) return { title: 'Not found', detail: error.message };
    if (error.status >= 500) {
      return { title: 'The server had a problem', detail: withStatus(error.message, error.status) };
    }
    return { title: 'Something went wrong', detail: withStatus(error.message, error.status) };
  }
  if (error instanceof Error) return { title: 'Something went wrong', detail: error.message };
  return { title: 'Something went wrong', detail: 'Unknown error' };
}

export function ErrorState({
  error,
  onRetry,
  title,
  className,
  children,
}: {
  error: unknown;
  onRetry?: () => void;
  /** Overrides the derived title, e.g. "Could not load the apps". */
  title?: string;
  className?: string;
  children?: ReactNode;
}) {
  const described = describe(error);
  return (
    <div
      role="alert"
      className={cn(
        'border-danger/30 bg-danger-soft flex flex-col items-start gap-2 rounded-lg border px-4 py-4',
        className,
      )}
    >
      <p className="text-danger text-sm font-semibold">{title ?? described.title}</p>
      <p className="text-fg text-sm break-words">{described.detail}</p>
      {children}
      {onRetry && (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

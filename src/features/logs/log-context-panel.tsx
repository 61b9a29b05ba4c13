// The context panel's code arrives on first open (decision 052): the dialog is its own chunk.
import { lazy, Suspense } from 'react';
import type { LogContextDialogProps } from './log-context-dialog';

const LogContextDialog = lazy(() => import('./log-context-dialog'));

export function LogContextPanel(props: LogContextDialogProps) {
  return (
    <Suspense fallback={null}>
      <LogContextDialog {...props} />
    </Suspense>
  );
}

import { lazy, Suspense } from 'react';
import { ConfirmDialog } from '../components/ui/dialog';
import { usePendingDiscardRequest } from '../lib/use-unsaved-changes';

// Asked only when an address of another site meets unsaved changes: loaded on demand.
const SiteSwitchQuestion = lazy(() =>
  import('./site-switch-question').then((module) => ({ default: module.SiteSwitchQuestion })),
);

/** The one "discard unsaved changes?" dialog, asked by navigation, site switch and sign-out. */
export function UnsavedChangesHost() {
  const request = usePendingDiscardRequest();
  if (request?.site !== undefined) {
    return (
      <Suspense fallback={null}>
        <SiteSwitchQuestion site={request.site} onAnswer={request.resolve} />
      </Suspense>
    );
  }
  return (
    <ConfirmDialog
      open={request !== null}
      title="Discard unsaved changes?"
      description="You have changes that are not saved. If you leave now, they are lost."
      confirmLabel="Discard changes"
      cancelLabel="Keep editing"
      tone="danger"
      onConfirm={() => request?.resolve(true)}
      onCancel={() => request?.resolve(false)}
    />
  );
}

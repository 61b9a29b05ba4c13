import { lazy, Suspense, useState } from 'react';
import { usePendingDiscardRequest } from '../lib/use-unsaved-changes';

// Asked only when an address of another site meets unsaved changes: loaded on demand.
const SiteSwitchQuestion = lazy(() =>
  import('./site-switch-question').then((module) => ({ default: module.SiteSwitchQuestion })),
);
// Only the pages with a form (all loaded on demand) have changes to lose: the dialog is fetched
// when the first question is asked, not with the sign-in and apps pages (decision 080).
const ConfirmDialog = lazy(() =>
  import('../components/ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/** The one "discard unsaved changes?" dialog, asked by navigation, site switch and sign-out. */
export function UnsavedChangesHost() {
  const request = usePendingDiscardRequest();
  // Mounted from the first question on, so it closes and gives the focus back as it always did.
  const [asked, setAsked] = useState(false);
  if (request !== null && !asked) setAsked(true);
  if (request?.site !== undefined) {
    return (
      <Suspense fallback={null}>
        <SiteSwitchQuestion site={request.site} onAnswer={request.resolve} />
      </Suspense>
    );
  }
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
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
    </Suspense>
  );
}

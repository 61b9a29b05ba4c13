import { ConfirmDialog } from '../components/ui/dialog';
import { usePendingDiscardRequest } from '../lib/use-unsaved-changes';

/** The one "discard unsaved changes?" dialog, asked by navigation, site switch and sign-out. */
export function UnsavedChangesHost() {
  const request = usePendingDiscardRequest();
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

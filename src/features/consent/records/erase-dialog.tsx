// Erasing a visitor's records (admins; the service puts it in the Activity feed): asked first,
// naming the consent id; a refusal (a viewer's 403) or a failure is said in the dialog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consentRecordKeys, eraseConsentRecords } from '../../../api/consent-records';
import { isApiError } from '../../../api/client';
import { keySite } from '../../../api/key-site';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/form-alert';
import { toast } from '../../../components/ui/toast';

function messageOf(error: unknown): string {
  if (isApiError(error) && error.status === 403) {
    return 'Only admins of this site can erase records.';
  }
  return error instanceof Error ? error.message : 'Could not erase the records.';
}

export function EraseDialog({
  consentId,
  onClose,
  onErased,
}: {
  consentId: string;
  onClose: () => void;
  onErased: () => void;
}) {
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: () => eraseConsentRecords(consentId),
    onSuccess: async (deleted) => {
      toast.success(`Erased ${String(deleted)} record${deleted === 1 ? '' : 's'} of ${consentId}`);
      await queryClient.invalidateQueries({ queryKey: consentRecordKeys.all(keySite()) });
      onErased();
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      role="alertdialog"
      initialFocus="[data-autofocus]"
      title="Erase this visitor's records?"
      description={
        <>
          Every record of consent ID <span className="font-mono break-all">{consentId}</span> is
          deleted for good. The erase is kept in the Activity feed.
        </>
      }
      footer={
        <>
          <Button onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" loading={erase.isPending} onClick={() => erase.mutate()}>
            Erase records
          </Button>
        </>
      }
    >
      <FormAlert message={erase.isError ? messageOf(erase.error) : null} />
    </Dialog>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { alertKeys, deleteAlert, type AlertWire } from '../../api/alerts';
import { keySite } from '../../api/key-site';
import { clearAlertDraft } from './alert-draft';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';

/** Delete, asked first; with If-Match, so a version changed meanwhile is not deleted unseen. */
export function DeleteAlertButton({ alert, etag }: { alert: AlertWire; etag: string | null }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const site = keySite();
  async function remove() {
    setBusy(true);
    try {
      await deleteAlert(alert.id, etag);
      clearAlertDraft(site, String(alert.id));
      queryClient.removeQueries({ queryKey: alertKeys.detail(site, alert.id) });
      await queryClient.invalidateQueries({ queryKey: alertKeys.list(site) });
      toast.success(`Alert “${alert.name}” deleted`);
      await navigate({ to: '/alerts' });
    } catch (error) {
      toast.error('The alert was not deleted', {
        description: error instanceof Error ? error.message : String(error),
      });
      await queryClient.invalidateQueries({ queryKey: alertKeys.detail(site, alert.id) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }
  return (
    <>
      <Button variant="danger-subtle" onClick={() => setAsking(true)}>
        Delete
      </Button>
      <ConfirmDialog
        open={asking}
        title={`Delete “${alert.name}”?`}
        description="It stops watching the logs; its history goes with it."
        confirmLabel="Delete"
        tone="danger"
        loading={busy}
        onConfirm={() => void remove()}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

// A saved alert (issue 41) in the one resource editor: PUT with If-Match, a 412 merged or
// asked about, 422s on their fields, Ctrl/Cmd+S, the unsaved-changes guard; and, as the other
// editors, unsaved work kept as a draft in the browser for the version it was made on.
import { useEffect, useRef, useState } from 'react';
import { alertResource, type AlertWire } from '../../api/alerts';
import type { ApiResponse } from '../../api/client';
import { keySite } from '../../api/key-site';
import { ConflictDialog } from '../../components/resource-editor/conflict-dialog';
import { useReadOnlyReason } from '../../components/resource-editor/read-only';
import { saveStatus } from '../../components/resource-editor/save-status';
import { useResourceEditor } from '../../components/resource-editor/use-resource-editor';
import { Button } from '../../components/ui/button';
import { alertConflictMerge } from './alert-conflict';
import { loadAlertDraft, type AlertDraft } from './alert-draft';
import { AlertFormLayout } from './alert-form-layout';
import {
  ALERT_ERROR_FIELDS,
  alertChanges,
  alertResolver,
  valuesOfAlert,
} from './alert-form-values';
import { useAlertDraft } from './use-alert-draft';

export function AlertEditor({ loaded }: { loaded: ApiResponse<AlertWire> }) {
  const site = keySite();
  const id = String(loaded.data.id);
  const readOnly = useReadOnlyReason('alert');
  const editor = useResourceEditor({
    loaded,
    resource: alertResource,
    toValues: valuesOfAlert,
    changes: alertChanges,
    merge: alertConflictMerge,
    resolver: () => alertResolver,
    mode: 'onBlur',
    follow: 'pristine',
    errorFields: () => ALERT_ERROR_FIELDS,
    text: {
      noun: 'this alert',
      saved: 'Alert saved',
      conflictTitle: 'Someone else changed this alert',
    },
  });
  const { form, values, dirty, saving, basis } = editor;
  const version = String(basis.response.data.version);
  // The draft of an earlier visit: restored at once on the same version, offered on another.
  const [initial] = useState(() => ({
    draft: readOnly ? null : loadAlertDraft(site, id),
    version,
  }));
  const sameVersion = initial.draft?.basis === initial.version;
  const [offer, setOffer] = useState<AlertDraft | null>(sameVersion ? null : initial.draft);
  const restored = useRef(false);
  useEffect(() => {
    if (!sameVersion || !initial.draft || restored.current) return;
    restored.current = true;
    form.reset(initial.draft.values, { keepDefaultValues: true });
  }, [form, initial, sameVersion]);
  useAlertDraft({
    site,
    alert: id,
    basis: version,
    values,
    dirty,
    off: readOnly !== null || offer !== null,
  });

  return (
    <>
      {offer && (
        <div
          role="status"
          className="border-warning/30 bg-warning-soft mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
        >
          <span>You have unsaved edits from an older version of this alert.</span>
          <span className="flex gap-2">
            <Button size="sm" onClick={() => setOffer(null)}>
              Discard them
            </Button>
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                form.reset(offer.values, { keepDefaultValues: true });
                setOffer(null);
              }}
            >
              Restore
            </Button>
          </span>
        </div>
      )}
      <AlertFormLayout
        form={form}
        readOnly={readOnly}
        formMessage={editor.formMessage}
        onRetry={editor.retry}
        onSubmit={() => void editor.submit()}
        footer={
          <>
            <span className="text-muted mr-auto min-w-0 text-xs" aria-live="polite">
              {sameVersion && dirty
                ? 'Your unsaved edits were restored'
                : saveStatus({ saving, dirty, changedElsewhere: editor.changedElsewhere })}
            </span>
            <Button onClick={editor.discard} disabled={!dirty || saving}>
              Discard
            </Button>
            <Button type="submit" variant="primary" loading={saving} disabled={!dirty}>
              Save
            </Button>
          </>
        }
      />
      <ConflictDialog {...editor.conflictDialog} />
    </>
  );
}

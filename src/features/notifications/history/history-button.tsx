// The editor's "History" button and its panel; nothing at all on a server without revisions
// (404/405 on GET /audit), where the editor works as before.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { auditAvailableQueryOptions } from '../../../api/audit-available';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { restoreVersion, type RestoreTarget } from './restore-version';

// The dialog (versions, rendered diffs) loads when History is first opened, not with the editor
// (the editor's first-open budget, issue 37).
const HistoryDialog = lazy(() =>
  import('./history-dialog').then((module) => ({ default: module.HistoryDialog })),
);

export function HistoryButton({
  slug,
  editor,
  sampleData,
  readOnly = false,
}: {
  slug: string;
  editor: RestoreTarget;
  sampleData: Record<string, unknown>;
  /** The member's role cannot save: versions can be compared, not restored. */
  readOnly?: boolean;
}) {
  const available = useQuery(auditAvailableQueryOptions());
  const [open, setOpen] = useState(false);
  if (available.data !== true) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        History
      </Button>
      {open && (
        <Suspense fallback={null}>
          <HistoryDialog
            slug={slug}
            sampleData={sampleData}
            onClose={() => setOpen(false)}
            onRestore={
              readOnly
                ? undefined
                : (version, label) => {
                    const changed = restoreVersion(editor, version);
                    setOpen(false);
                    if (!changed) toast.success(`The form already holds ${label}`);
                    else toast.success(`${label} loaded as unsaved edits: review them with Save`);
                  }
            }
          />
        </Suspense>
      )}
    </>
  );
}

// The History panel of a notification: its versions (who, when), two of them compared, and
// "Restore this version". Versions come from GET /notifications/{slug}/revisions(/{id}).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  notificationRevisionsQueryOptions,
  notificationVersionQueryOptions,
} from '../../../api/audit';
import type { Revision } from '../../../../contract/wire/audit';
import type { Notification } from '../../../../contract/wire/notification';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { VersionCompare } from './version-compare';
import { HistoryShell } from './history-shell';
import { VersionList, versionLabel } from './version-list';
import { VersionSelect } from './version-select';

export interface HistoryDialogProps {
  slug: string;
  sampleData: Record<string, unknown>;
  onClose: () => void;
  /** Absent when the member's role cannot save (Restore disabled). */
  onRestore?: (version: Notification, label: string) => void;
}

function Comparison({
  slug,
  revisions,
  sampleData,
  onRestore,
}: Omit<HistoryDialogProps, 'onClose'> & { revisions: readonly Revision[] }) {
  const [newerId, setNewerId] = useState(revisions[0]?.id ?? 0);
  const [olderId, setOlderId] = useState(revisions[1]?.id ?? revisions[0]?.id ?? 0);
  const older = useQuery(notificationVersionQueryOptions(slug, olderId));
  const newer = useQuery(notificationVersionQueryOptions(slug, newerId));
  const labelOf = (id: number) => {
    const revision = revisions.find((r) => r.id === id);
    return revision ? versionLabel(revision) : `#${id}`;
  };
  const failed = older.error ?? newer.error;
  return (
    <div className="flex flex-col gap-4">
      <VersionList revisions={revisions} />
      <div className="grid gap-3 sm:grid-cols-2">
        <VersionSelect label="Older" revisions={revisions} value={olderId} onChange={setOlderId} />
        <VersionSelect label="Newer" revisions={revisions} value={newerId} onChange={setNewerId} />
      </div>
      {failed ? (
        <ErrorState error={failed} title="Could not load the versions" />
      ) : older.data && newer.data ? (
        <VersionCompare
          older={{ label: labelOf(olderId), notification: older.data }}
          newer={{ label: labelOf(newerId), notification: newer.data }}
          sampleData={sampleData}
          onRestore={
            onRestore &&
            ((version) => onRestore(version, labelOf(version === older.data ? olderId : newerId)))
          }
        />
      ) : (
        <SkeletonRows count={3} label="Loading the versions" />
      )}
    </div>
  );
}

export function HistoryDialog({ slug, sampleData, onClose, onRestore }: HistoryDialogProps) {
  const revisions = useQuery(notificationRevisionsQueryOptions(slug));
  return (
    <HistoryShell
      revisions={revisions}
      onClose={onClose}
      description="Every saved version, who saved it and when. Compare two with the current sample."
    >
      {(list) => (
        <Comparison slug={slug} revisions={list} sampleData={sampleData} onRestore={onRestore} />
      )}
    </HistoryShell>
  );
}

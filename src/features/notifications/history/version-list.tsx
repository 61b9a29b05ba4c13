// The versions of a notification, newest first: who saved each, when, and what it changed.
import type { Revision } from '../../../../contract/wire/audit';
import { Timestamp } from '../../../components/timestamp';

export function versionLabel(revision: Revision): string {
  return `#${revision.id} by ${revision.actor.email ?? 'someone'}`;
}

export function VersionList({ revisions }: { revisions: readonly Revision[] }) {
  return (
    <ol aria-label="Versions" className="border-border max-h-40 overflow-y-auto rounded-md border">
      {revisions.map((revision) => (
        <li
          key={revision.id}
          className="border-border flex flex-wrap items-baseline gap-x-3 gap-y-0.5 border-b px-3 py-1.5 text-sm last:border-b-0"
        >
          <span className="font-medium">#{revision.id}</span>
          <span className="text-fg">{revision.actor.email ?? 'someone'}</span>
          <Timestamp value={revision.created_at} className="text-muted" />
          <span className="text-muted min-w-0 truncate text-xs">
            {revision.changes.map((change) => change.field).join(', ')}
          </span>
        </li>
      ))}
    </ol>
  );
}

// One entry of the feed: who changed what and when, and each changed field as a diff.
import type { Revision, RevisionChange } from '../../../contract/wire/audit';
import { LineDiffView } from '../../components/line-diff-view';
import { Timestamp } from '../../components/timestamp';
import { formatDateTime } from '../../lib/format';
import { changeView } from './change-value';
import { ResourceLink } from './resource-link';

function cutNote(change: RevisionChange): string | null {
  const sizes = [change.before_size, change.after_size].filter((size) => size !== null);
  if (sizes.length === 0) return null;
  return `shortened; whole value ${Math.max(...sizes).toLocaleString('en')} bytes`;
}

function ChangeRow({ change }: { change: RevisionChange }) {
  const view = changeView(change);
  const note = cutNote(change);
  return (
    <li className="flex min-w-0 flex-col gap-1">
      <span className="font-mono text-xs">
        {change.field}
        {note && <span className="text-muted ml-2 font-sans">({note})</span>}
      </span>
      {view.kind === 'text' ? (
        <LineDiffView before={view.before} after={view.after} />
      ) : (
        <p className="flex min-w-0 flex-wrap items-baseline gap-1.5 text-sm">
          <del className="bg-danger-soft rounded px-1 break-all">{view.before}</del>
          <span aria-hidden="true" className="text-muted">
            →
          </span>
          <span className="sr-only">changed to</span>
          <ins className="bg-success-soft rounded px-1 break-all no-underline">{view.after}</ins>
        </p>
      )}
    </li>
  );
}

export function ActivityEntry({ revision }: { revision: Revision }) {
  return (
    <article
      aria-label={`Change #${revision.id}`}
      className="border-border bg-surface flex flex-col gap-3 rounded-lg border p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 text-sm">
          <span className="font-medium">{revision.actor.email ?? 'Someone'}</span>{' '}
          <span className="text-muted">changed</span> <ResourceLink revision={revision} />
        </p>
        <p className="text-muted text-xs">
          <Timestamp value={revision.created_at} missing="at an unknown time" />
          {revision.created_at && <span> · {formatDateTime(revision.created_at)}</span>}
        </p>
      </header>
      <ul className="flex flex-col gap-3">
        {revision.changes.map((change) => (
          <ChangeRow key={change.field} change={change} />
        ))}
      </ul>
    </article>
  );
}

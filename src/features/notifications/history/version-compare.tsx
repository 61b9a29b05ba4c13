// Two versions side by side: rendered with the same sample, changed words highlighted in place
// and changed blocks outlined (rendered-diff.ts), or their source line by line.
import { useMemo, useState } from 'react';
import type { Notification } from '../../../../contract/wire/notification';
import { LineDiffView } from '../../../components/line-diff-view';
import { Button } from '../../../components/ui/button';
import { Tabs } from '../../../components/ui/tabs';
import { FIELD_LABELS, WRITABLE_FIELDS } from '../editor/notification-fields';
import { notificationFormValues } from '../editor/notification-fields';
import { PreviewFrame } from '../editor/preview-frame';
import { renderedDiff } from './rendered-diff';
import { renderVersion } from './render-version';

export interface ComparedVersion {
  label: string;
  notification: Notification;
}

type View = 'rendered' | 'source';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function SourceDiff({ older, newer }: { older: Notification; newer: Notification }) {
  const before = notificationFormValues(older);
  const after = notificationFormValues(newer);
  const changed = WRITABLE_FIELDS.filter((field) => before[field] !== after[field]);
  if (changed.length === 0)
    return <p className="text-muted text-sm">The two versions are the same.</p>;
  return (
    <div className="flex flex-col gap-4">
      {changed.map((field) => (
        <section key={field} aria-label={FIELD_LABELS[field]}>
          <h3 className="mb-1 text-sm font-medium">{FIELD_LABELS[field]}</h3>
          <LineDiffView before={String(before[field])} after={String(after[field])} />
        </section>
      ))}
    </div>
  );
}

export function VersionCompare({
  older,
  newer,
  sampleData,
  onRestore,
}: {
  older: ComparedVersion;
  newer: ComparedVersion;
  sampleData: Record<string, unknown>;
  /** Absent when the member's role cannot save: Restore is shown disabled. */
  onRestore?: (version: Notification) => void;
}) {
  const [view, setView] = useState<View>('rendered');
  const rendered = useMemo(() => {
    const a = renderVersion(older.notification, sampleData);
    const b = renderVersion(newer.notification, sampleData);
    return { a, b, diff: renderedDiff(a.html, b.html) };
  }, [older.notification, newer.notification, sampleData]);

  const side = (version: ComparedVersion, subject: string, html: string, marks: string) => (
    <section aria-label={version.label} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">{version.label}</h3>
        <Button
          size="sm"
          variant="secondary"
          disabled={!onRestore}
          onClick={() => onRestore?.(version.notification)}
        >
          Restore this version
        </Button>
      </div>
      <p className="text-sm">
        <span className="text-muted">Subject: </span>
        {subject}
      </p>
      <p className="text-muted text-xs">{marks}</p>
      <PreviewFrame html={html} width={600} fit title={`Rendered ${version.label}`} />
    </section>
  );

  return (
    <Tabs
      label="Compare"
      selected={view}
      onSelect={setView}
      tabs={[
        {
          id: 'rendered',
          label: 'Rendered',
          panel: (
            <div className="grid gap-4 md:grid-cols-2">
              {side(
                older,
                rendered.a.subject,
                rendered.diff.before,
                `${count(rendered.diff.removed, 'word', 'words')} removed, ${count(rendered.diff.changedBlocks.before, 'block', 'blocks')} changed`,
              )}
              {side(
                newer,
                rendered.b.subject,
                rendered.diff.after,
                `${count(rendered.diff.added, 'word', 'words')} added, ${count(rendered.diff.changedBlocks.after, 'block', 'blocks')} changed`,
              )}
            </div>
          ),
        },
        {
          id: 'source',
          label: 'Source',
          panel: <SourceDiff older={older.notification} newer={newer.notification} />,
        },
      ]}
    />
  );
}

// A layout's History (issue 38, decision 065), in the notification History's pieces (the version
// list, its labels): choose a version, see what differs from the editor's current texts in the
// shown language, and "Restore this version" loads it as unsaved edits; Save (through the impact
// review) writes it as one more revision. A viewer compares, never restores.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  layoutRevisionsQueryOptions,
  layoutVersionQueryOptions,
} from '../../../api/layout-revisions';
import type { Revision } from '../../../../contract/wire/audit';
import type { Layout } from '../../../../contract/schemas/layout';
import { LineDiffView } from '../../../components/line-diff-view';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { SkeletonRows } from '../../../components/ui/skeleton';
import { HistoryShell } from '../history/history-shell';
import { VersionList, versionLabel } from '../history/version-list';
import { VersionSelect } from '../history/version-select';
import { layoutValuesOf, shownLayoutTexts, type LayoutTexts } from './layout-values';

export interface LayoutHistoryProps {
  slug: string;
  /** The shown language (null: the default) and what the editor holds in it now. */
  locale: string | null;
  current: LayoutTexts;
  onClose: () => void;
  /** Absent when the member's role cannot save. */
  onRestore?: (version: Layout, label: string) => void;
}

function Version({
  slug,
  revisions,
  locale,
  current,
  onRestore,
}: Omit<LayoutHistoryProps, 'onClose'> & { revisions: readonly Revision[] }) {
  const [id, setId] = useState(revisions[0]?.id ?? 0);
  const version = useQuery(layoutVersionQueryOptions(slug, id));
  const revision = revisions.find((candidate) => candidate.id === id);
  const label = revision ? versionLabel(revision) : `#${id}`;
  const texts = version.data ? shownLayoutTexts(layoutValuesOf(version.data), locale) : null;
  return (
    <div className="flex flex-col gap-4">
      <VersionList revisions={revisions} />
      <VersionSelect label="Version" revisions={revisions} value={id} onChange={setId} />
      {version.error ? (
        <ErrorState error={version.error} title="Could not load the version" />
      ) : version.data && texts ? (
        <section aria-label={`Changes from ${label} to the editor`} className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted text-sm">
              From {label} to what the editor holds now{locale ? ` (${locale})` : ''}:
            </p>
            {onRestore && (
              <Button size="sm" onClick={() => onRestore(version.data, label)}>
                Restore this version
              </Button>
            )}
          </div>
          <h3 className="text-sm font-medium">HTML</h3>
          <LineDiffView before={texts.html} after={current.html} />
          <h3 className="text-sm font-medium">Text</h3>
          <LineDiffView before={texts.text} after={current.text} />
        </section>
      ) : (
        <SkeletonRows count={3} label="Loading the version" />
      )}
    </div>
  );
}

export function LayoutHistory({ slug, onClose, ...rest }: LayoutHistoryProps) {
  const revisions = useQuery(layoutRevisionsQueryOptions(slug));
  return (
    <HistoryShell
      revisions={revisions}
      onClose={onClose}
      description="Every saved version of the layout, who saved it and when."
    >
      {(list) => <Version slug={slug} revisions={list} {...rest} />}
    </HistoryShell>
  );
}

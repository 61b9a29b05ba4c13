// What saving a layout or snippet changes (issue 38): every e-mail that uses it, in each language,
// rendered before and after side by side with History's changed-word marks, and the count
// ("12 e-mails in 3 languages change"). Nothing is written until the member confirms.
import { useMemo } from 'react';
import type { Impact, ImpactEntry } from '../../../../contract/schemas/layout';
import { LineDiffView } from '../../../components/line-diff-view';
import { renderedDiff } from '../history/rendered-diff';
import { PreviewFrame } from '../editor/preview-frame';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "12 e-mails in 3 languages change", or that none does. */
export function impactSummary(impact: Impact): string {
  if (impact.changed === 0) {
    return `No e-mail changes (${plural(impact.total, 'e-mail uses', 'e-mails use')} it)`;
  }
  return `${plural(impact.changed, 'e-mail', 'e-mails')} in ${plural(impact.languages, 'language', 'languages')} change${impact.changed === 1 ? 's' : ''}`;
}

function EntryDiff({ entry }: { entry: ImpactEntry }) {
  const diff = useMemo(
    () =>
      entry.after.html || entry.before.html
        ? renderedDiff(entry.before.html, entry.after.html)
        : null,
    [entry],
  );
  const label = `${entry.name} (${entry.locale})`;
  return (
    <details open className="border-border rounded-md border p-3" aria-label={label}>
      <summary className="cursor-pointer text-sm font-medium">{label}</summary>
      {entry.problems.length > 0 && (
        <ul className="text-danger mt-2 text-sm">
          {entry.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {diff ? (
        <div className="mt-2 grid gap-3 md:grid-cols-2">
          <section aria-label={`${label} before`} className="min-w-0">
            <p className="text-muted mb-1 text-xs">
              Before: {plural(diff.removed, 'word', 'words')} removed
            </p>
            <PreviewFrame html={diff.before} width={600} fit title={`${label} before`} />
          </section>
          <section aria-label={`${label} after`} className="min-w-0">
            <p className="text-muted mb-1 text-xs">
              After: {plural(diff.added, 'word', 'words')} added
            </p>
            <PreviewFrame html={diff.after} width={600} fit title={`${label} after`} />
          </section>
        </div>
      ) : (
        <div className="mt-2">
          <LineDiffView before={entry.before.text} after={entry.after.text} />
        </div>
      )}
    </details>
  );
}

export function ImpactReview({ impact }: { impact: Impact }) {
  const changed = impact.entries.filter((entry) => entry.changed);
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm font-medium">
        {impactSummary(impact)}
      </p>
      {changed.map((entry) => (
        <EntryDiff key={`${entry.notification}/${entry.locale}`} entry={entry} />
      ))}
    </div>
  );
}

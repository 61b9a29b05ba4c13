// <LineDiffView before={a} after={b} />: a text's change, line by line, numbered on both sides,
// unchanged runs folded (src/lib/line-diff.ts). For the History panel's source diff and the
// Activity feed's long values and the editor's review dialog.
import { diffStats, foldUnchanged, lineDiff } from '../lib/line-diff';

export function LineDiffView({ before, after }: { before: string; after: string }) {
  const rows = lineDiff(before, after);
  const stats = diffStats(rows);
  return (
    <div className="min-w-0">
      <p className="text-muted mb-1 text-xs">
        <span className="text-success">+{stats.added}</span>{' '}
        <span className="text-danger">−{stats.removed}</span> lines
      </p>
      <div className="border-border overflow-auto rounded-md border font-mono text-xs">
        <table className="w-full border-collapse">
          <tbody>
            {foldUnchanged(rows).map((row, index) =>
              row.kind === 'gap' ? (
                <tr key={index} className="bg-subtle text-muted">
                  <td colSpan={3} className="px-2 py-0.5 text-center">
                    {row.hidden} unchanged {row.hidden === 1 ? 'line' : 'lines'}
                  </td>
                </tr>
              ) : (
                <tr
                  key={index}
                  className={
                    row.kind === 'added'
                      ? 'bg-success-soft'
                      : row.kind === 'removed'
                        ? 'bg-danger-soft'
                        : undefined
                  }
                >
                  <td className="text-muted w-10 px-1.5 text-right select-none">
                    {row.oldLine ?? ''}
                  </td>
                  <td className="text-muted w-10 px-1.5 text-right select-none">
                    {row.newLine ?? ''}
                  </td>
                  <td className="px-2 break-all whitespace-pre-wrap">
                    <span aria-hidden="true" className="select-none">
                      {row.kind === 'added' ? '+ ' : row.kind === 'removed' ? '− ' : '  '}
                    </span>
                    <span className="sr-only">
                      {row.kind === 'added' ? 'added: ' : row.kind === 'removed' ? 'removed: ' : ''}
                    </span>
                    {row.text}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}

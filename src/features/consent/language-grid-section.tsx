import { useState } from 'react';
import { Card, CardBody, CardHeader } from '../../components/ui/card';
import {
  TableContainer,
  tableClasses,
  tbodyClasses,
  tdClasses,
  thClasses,
  theadClasses,
} from '../../components/ui/table';
import type { GridCell, LanguageGrid } from './language-grid';

function Cell({ cell }: { cell: GridCell | undefined }) {
  if (cell?.hasText) {
    return (
      <span className="text-success font-medium">
        <span aria-hidden="true">✓</span>
        <span className="sr-only">has text</span>
      </span>
    );
  }
  if (cell && cell.fallback !== null) {
    return <span className="text-warning font-medium">{cell.fallback} shown</span>;
  }
  return <span className="text-danger font-medium">nothing</span>;
}

/** Check 7: every language in use against every localized field. */
export function LanguageGridSection({ grid }: { grid: LanguageGrid }) {
  const [onlyGaps, setOnlyGaps] = useState(false);
  const complete = (row: LanguageGrid['rows'][number]) =>
    grid.languages.every((language) => row.cells[language]?.hasText);
  const gaps = grid.rows.filter((row) => !complete(row)).length;
  const rows = onlyGaps ? grid.rows.filter((row) => !complete(row)) : grid.rows;
  return (
    <Card aria-labelledby="consent-languages-heading">
      <CardHeader
        id="consent-languages-heading"
        title="Languages"
        description="Which texts exist in every language in use, and which fallback fills a gap."
      />
      <CardBody>
        {grid.languages.length === 0 ? (
          <p className="text-muted text-sm">No localized text is set.</p>
        ) : (
          <div className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p className={gaps === 0 ? 'text-success font-medium' : 'text-muted'}>
                {gaps === 0
                  ? `Every field has text in ${grid.languages.join(', ')}.`
                  : `${gaps} of ${grid.rows.length} fields miss text in some language.`}
              </p>
              <label className="text-fg flex items-center gap-2">
                <input
                  type="checkbox"
                  className="accent-accent size-4"
                  checked={onlyGaps}
                  onChange={(event) => setOnlyGaps(event.target.checked)}
                />
                Only fields with gaps
              </label>
            </div>
            <TableContainer
              className="max-h-[28rem] overflow-y-auto shadow-none"
              // Scrollable, so keyboard users must be able to focus it to scroll.
              tabIndex={0}
              role="region"
              aria-label="Text per language"
            >
              <table className={tableClasses}>
                <caption className="sr-only">Text per language</caption>
                <thead className={`${theadClasses} sticky top-0`}>
                  <tr>
                    <th scope="col" className={thClasses}>
                      Field
                    </th>
                    {grid.languages.map((language) => (
                      <th key={language} scope="col" className={`${thClasses} text-center`}>
                        {language}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className={tbodyClasses}>
                  {rows.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className={`${tdClasses} text-fg font-normal`}>
                        {row.label}
                      </th>
                      {grid.languages.map((language) => (
                        <td
                          key={language}
                          className={`${tdClasses} text-center text-xs whitespace-nowrap`}
                        >
                          <Cell cell={row.cells[language]} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableContainer>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

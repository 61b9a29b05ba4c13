import { languageName } from '../../../lib/language-name';
import { cn } from '../../../lib/cn';
import { checkLabel, checksMatrix, type Finding } from './findings';

const CELL_CLASSES = {
  error: 'bg-danger-soft text-danger',
  warning: 'bg-warning-soft text-warning',
  info: 'bg-subtle text-muted',
} as const;

interface ChecksMatrixProps {
  locales: readonly string[];
  checks: readonly string[];
  findings: readonly Finding[];
  names: string;
}

/** Languages × checks for the whole template: how many findings each cell has, coloured by the worst. */
export function ChecksMatrix({ locales, checks, findings, names }: ChecksMatrixProps) {
  const matrix = checksMatrix(locales, checks, findings);
  return (
    <div
      tabIndex={0}
      role="region"
      aria-label="Languages × checks, scrolls sideways"
      className="overflow-x-auto"
    >
      <table className="text-xs">
        <caption className="sr-only">Findings per language and check</caption>
        <thead>
          <tr>
            <th scope="col" className="text-muted py-1 pr-2 text-left font-medium">
              Check
            </th>
            {matrix.locales.map((locale) => (
              <th
                key={locale}
                scope="col"
                className="text-muted px-1 py-1 font-medium"
                title={languageName(locale, names)}
              >
                {locale}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.checks.map((check) => (
            <tr key={check} className="border-border border-t">
              <th scope="row" className="text-fg py-1 pr-2 text-left font-normal whitespace-nowrap">
                {checkLabel(check)}
              </th>
              {matrix.locales.map((locale) => {
                const cell = matrix.cell(locale, check);
                return (
                  <td key={locale} className="px-1 py-0.5 text-center">
                    <span
                      aria-hidden={cell.worst ? undefined : 'true'}
                      className={cn(
                        'inline-block min-w-7 rounded px-1 py-0.5 tabular-nums',
                        cell.worst ? CELL_CLASSES[cell.worst] : 'text-success',
                      )}
                    >
                      {cell.worst ? cell.count : '✓'}
                    </span>
                    {/* "1 warning": the worst severity, said where colour shows it. */}
                    <span className="sr-only">{cell.worst ? ` ${cell.worst}` : 'passes'}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

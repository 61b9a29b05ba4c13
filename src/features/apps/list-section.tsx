// A read-only section of the app page: a titled card with a table of rows, each showing its own
// `updated_at`. Past FILTER_THRESHOLD rows a filter box appears so long lists stay usable.
import { useId, useState, type ReactNode } from 'react';
import { Card, CardHeader } from '../../components/ui/card';
import { DataTable } from '../../components/data-table';
import { FilterInput } from '../../components/filter-input';
import { tdClasses, trClasses } from '../../components/ui/table';
import { filterRows } from '../../lib/filter-rows';
import { Timestamp } from '../../components/timestamp';

/** Lists longer than this get a filter box. */
export const FILTER_THRESHOLD = 20;

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface ListSectionProps<T extends { updated_at: string | null }> {
  title: string;
  description?: ReactNode;
  rows: readonly T[];
  columns: Array<Column<T>>;
  rowKey: (row: T, index: number) => string;
  /** Texts the filter searches in. */
  filterTexts: (row: T) => Array<string | null>;
  /** What the section says when the app has none. */
  emptyText: string;
}

function latest(rows: ReadonlyArray<{ updated_at: string | null }>): string | null {
  let best: string | null = null;
  for (const { updated_at } of rows) {
    if (updated_at !== null && (!best || Date.parse(updated_at) > Date.parse(best))) {
      best = updated_at;
    }
  }
  return best;
}

export function ListSection<T extends { updated_at: string | null }>({
  title,
  description,
  rows,
  columns,
  rowKey,
  filterTexts,
  emptyText,
}: ListSectionProps<T>) {
  const [query, setQuery] = useState('');
  const headingId = useId();
  const showFilter = rows.length > FILTER_THRESHOLD;
  const visible = showFilter ? filterRows(rows, query, filterTexts) : rows;
  const updated = latest(rows);

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title={
          <>
            {title} <span className="text-muted font-normal">({rows.length})</span>
          </>
        }
        description={
          description ??
          (updated ? (
            <>
              Last change <Timestamp value={updated} />
            </>
          ) : undefined)
        }
        actions={
          showFilter ? (
            <FilterInput
              className="w-56"
              label={`Filter ${title.toLowerCase()}`}
              placeholder={`Filter ${title.toLowerCase()}…`}
              value={query}
              onChange={setQuery}
            />
          ) : undefined
        }
      />
      {rows.length === 0 ? (
        <p className="text-muted px-4 py-4 text-sm sm:px-5">{emptyText}</p>
      ) : visible.length === 0 ? (
        <p className="text-muted px-4 py-4 text-sm sm:px-5" role="status">
          No {title.toLowerCase()} match “{query}”.
        </p>
      ) : (
        // Focusable so keyboard users can scroll a table that is wider than a phone.
        <>
          <DataTable
            // Focusable so keyboard users can scroll a table that is wider than a phone.
            className="rounded-t-none border-0 shadow-none"
            containerProps={{ tabIndex: 0, role: 'group', 'aria-labelledby': headingId }}
            // Wide tables scroll sideways on phones instead of squashing paths and JSON.
            tableClassName={columns.length > 1 ? 'min-w-[40rem]' : undefined}
            labelledBy={headingId}
            columns={[...columns.map(({ header }) => ({ header })), { header: 'Updated' }]}
          >
            {visible.map((row, index) => (
              <tr key={rowKey(row, index)} className={trClasses}>
                {columns.map((column) => (
                  <td key={column.header} className={`${tdClasses} ${column.className ?? ''}`}>
                    {column.cell(row)}
                  </td>
                ))}
                <td className={`${tdClasses} text-muted whitespace-nowrap`}>
                  <Timestamp value={row.updated_at} missing="unknown" />
                </td>
              </tr>
            ))}
          </DataTable>
          {showFilter && query && (
            <p className="text-muted border-border border-t px-4 py-2 text-xs" role="status">
              Showing {visible.length} of {rows.length}
            </p>
          )}
        </>
      )}
    </Card>
  );
}

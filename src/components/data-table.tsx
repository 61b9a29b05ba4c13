// The table shell every list repeats: the scrolling container, the caption, the header row and
// the body; rows stay with the caller (they differ per list).
//   <DataTable caption="Apps" columns={[{ header: 'Name' }, { header: 'SDK' }]}>
//     {apps.map((app) => <tr key={app.key} className={trClasses}>…</tr>)}
//   </DataTable>
import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from '../lib/cn';
import { TableContainer, tableClasses, tbodyClasses, thClasses, theadClasses } from './ui/table';

export interface DataTableColumn {
  header: ReactNode;
  /** Classes for the header cell (e.g. `hidden md:table-cell`); needed with a non-text header. */
  className?: string;
  key?: string;
}

export function DataTable({
  caption,
  columns,
  children,
  className,
  tableClassName,
  labelledBy,
  containerProps,
}: {
  /** Read by screen readers only; give `labelledBy` instead when a visible heading names it. */
  caption?: string;
  columns: readonly DataTableColumn[];
  children: ReactNode;
  className?: string;
  tableClassName?: string;
  labelledBy?: string;
  containerProps?: HTMLAttributes<HTMLDivElement>;
}) {
  return (
    <TableContainer className={className} {...containerProps}>
      <table className={cn(tableClasses, tableClassName)} aria-labelledby={labelledBy}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={theadClasses}>
          <tr>
            {columns.map((column, index) => (
              <th
                key={column.key ?? (typeof column.header === 'string' ? column.header : index)}
                scope="col"
                className={cn(thClasses, column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={tbodyClasses}>{children}</tbody>
      </table>
    </TableContainer>
  );
}

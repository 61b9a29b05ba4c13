// Table styles: <TableContainer><table className={tableClasses}><thead className={theadClasses}>
//   <tr><th className={thClasses} scope="col">Name</th></tr></thead>
//   <tbody className={tbodyClasses}><tr className={trClasses}><td className={tdClasses}>…</td></tr>
// TableContainer scrolls horizontally on phones instead of squashing columns, with shadows at the
// edges that have more to scroll to. It is positioned so visually hidden text inside it (which is
// absolutely positioned) stays in its scroll box instead of stretching the page.
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const tableClasses = 'w-full border-collapse text-left text-sm';
export const theadClasses = 'bg-subtle/60 text-muted text-xs font-medium';
export const thClasses = 'px-4 py-2.5 font-medium whitespace-nowrap';
export const tbodyClasses = 'divide-border divide-y';
export const trClasses = 'hover:bg-subtle/40 transition-colors';
export const tdClasses = 'px-4 py-3 align-middle';

export function TableContainer({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'border-border scroll-shadows relative overflow-x-auto rounded-lg border shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

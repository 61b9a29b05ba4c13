// <EmptyState title="No apps yet" description="…" action={<Button>…</Button>} /> for lists with no
// rows, and for filters that match nothing (say which filter and offer to clear it).
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function EmptyState({
  title,
  description,
  action,
  icon,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'border-border flex flex-col items-center justify-center gap-2 rounded-lg border border-dashed px-6 py-10 text-center',
        className,
      )}
    >
      {icon && <div className="text-muted mb-1">{icon}</div>}
      <p className="text-fg text-sm font-semibold">{title}</p>
      {description && <p className="text-muted max-w-md text-sm">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}

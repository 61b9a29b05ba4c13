import { cn } from '../../../lib/cn';

export interface ProblemBadgeProps {
  errors: number;
  warnings: number;
}

/** The count on a tab whose content has Liquid errors or unknown variables, so none is hidden. */
export function ProblemBadge({ errors, warnings }: ProblemBadgeProps) {
  const total = errors + warnings;
  if (total === 0) return null;
  const parts = [
    errors > 0 && `${errors} Liquid ${errors === 1 ? 'error' : 'errors'}`,
    warnings > 0 && `${warnings} unknown ${warnings === 1 ? 'variable' : 'variables'}`,
  ].filter(Boolean);
  return (
    <span
      className={cn(
        'inline-flex min-w-4 items-center justify-center rounded-full border px-1 text-[11px] leading-4 font-semibold',
        errors > 0
          ? 'border-danger bg-danger-soft text-danger'
          : 'border-warning bg-warning-soft text-warning',
      )}
    >
      <span aria-hidden="true">{total}</span>
      <span className="sr-only">({parts.join(', ')})</span>
    </span>
  );
}

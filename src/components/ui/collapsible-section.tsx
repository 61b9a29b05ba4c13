// A section whose heading opens and closes it (a disclosure button inside the heading, so the
// heading outline stays intact). The content stays mounted while closed: editors in it keep
// their state.
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface CollapsibleSectionProps {
  title: ReactNode;
  /** Shown after the heading while open, e.g. actions on the content. */
  actions?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  className?: string;
  children: ReactNode;
}

export function CollapsibleSection({
  title,
  actions,
  open,
  onOpenChange,
  className,
  children,
}: CollapsibleSectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className={cn('flex flex-col gap-2', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-fg text-base font-semibold">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={`${id}-content`}
            onClick={() => onOpenChange(!open)}
            className="hover:text-accent inline-flex items-center gap-1.5 text-left"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 16 16"
              className={cn('size-4 transition-transform', open && 'rotate-90')}
            >
              <path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.75" />
            </svg>
            {title}
          </button>
        </h2>
        {open && actions}
      </div>
      <div id={`${id}-content`} hidden={!open} className="flex flex-col gap-3">
        {children}
      </div>
    </section>
  );
}

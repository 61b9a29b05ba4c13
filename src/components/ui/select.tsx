// <Select {...register('kind')}><option value="url">URL</option></Select> — a styled native
// <select> (keyboard, mobile pickers and screen readers work as the platform does).
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div className="relative">
      <select className={cn(controlClasses, 'h-9 appearance-none pr-8', className)} {...props}>
        {children}
      </select>
      <svg
        className="text-muted pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
      >
        <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z" />
      </svg>
    </div>
  );
}

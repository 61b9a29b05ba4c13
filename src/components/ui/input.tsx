// <Input {...register('name')} aria-invalid={!!errors.name} /> — use inside <Field> to get the
// label, hint and error wiring (id, aria-describedby, aria-invalid) for free.
import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn';

export const controlClasses =
  'block w-full rounded-md border border-border bg-surface px-3 text-sm text-fg shadow-sm placeholder:text-muted/70 ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-danger';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, type = 'text', ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, 'h-9', className)} {...props} />;
}

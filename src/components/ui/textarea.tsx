// <Textarea rows={4} {...register('description')} /> — inside <Field> for label and errors.
import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { controlClasses } from './input';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, 'py-2', className)} {...props} />;
}

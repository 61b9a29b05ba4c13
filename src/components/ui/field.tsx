// Label + control + hint + error, wired for assistive technology:
//   <Field label="Name" error={errors.name?.message} hint="Shown to users">
//     {(props) => <Input {...props} {...register('name')} />}
//   </Field>
// The render function receives { id, 'aria-invalid', 'aria-describedby' }; spread it on the control.
// `Label` alone is exported for custom layouts.
import { useId, type LabelHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn('text-fg text-sm font-medium', className)} {...props} />;
}

export interface FieldControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label, e.g. a help <Popover>. */
  labelExtra?: ReactNode;
  /** Marks the label "optional" in muted text. */
  optional?: boolean;
  className?: string;
  /** Pass your own id when the control needs a known one. */
  id?: string;
  children: (props: FieldControlProps) => ReactNode;
}

export function Field({
  label,
  error,
  hint,
  labelExtra,
  optional,
  className,
  id,
  children,
}: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-center gap-1.5">
        <Label htmlFor={controlId}>
          {label}
          {optional && <span className="text-muted ml-1 font-normal">(optional)</span>}
        </Label>
        {labelExtra}
      </div>
      {children({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {hint && (
        <p id={hintId} className="text-muted text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-danger flex items-start gap-1 text-xs font-medium">
      <svg
        className="mt-px size-3.5 shrink-0"
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
      >
        <path
          fillRule="evenodd"
          d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
          clipRule="evenodd"
        />
      </svg>
      <span>{children}</span>
    </p>
  );
}

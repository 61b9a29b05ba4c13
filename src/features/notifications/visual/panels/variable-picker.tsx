import type { RefObject } from 'react';
import { Select } from '../../../../components/ui/select';
import { cn } from '../../../../lib/cn';
import type { OfferedVariable } from '../../editor/template-variables';

export interface VariablePickerProps {
  /** Names the picker for assistive technology: "Insert a variable into the address". */
  label: string;
  /** The sample's variables; only values are offered (a list has no text to show). */
  variables: readonly OfferedVariable[];
  /** The field `{{ path }}` goes into, at its selection; it gets the focus back after. */
  field: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** "Insert a variable…": puts `{{ path }}` into a text field at its caret (or over its selection). */
export function VariablePicker({
  label,
  variables,
  field,
  value,
  onChange,
  className,
}: VariablePickerProps) {
  const paths = variables.filter((variable) => variable.kind === 'value');
  if (paths.length === 0) return null;

  const insert = (path: string) => {
    const input = field.current;
    const snippet = `{{ ${path} }}`;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    onChange(value.slice(0, start) + snippet + value.slice(end));
    // After React has rendered the new value, so the caret lands after the snippet.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  return (
    <Select
      aria-label={label}
      value=""
      onChange={(event) => {
        if (event.target.value) insert(event.target.value);
      }}
      className={cn('h-8 text-xs', className)}
    >
      <option value="">Insert a variable…</option>
      {paths.map((variable) => (
        <option key={variable.path} value={variable.path}>
          {variable.path}
        </option>
      ))}
    </Select>
  );
}

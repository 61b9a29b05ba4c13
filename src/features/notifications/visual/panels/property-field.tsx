import { useRef, useState } from 'react';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import type { OfferedVariable } from '../../editor/template-variables';
import { propertyProblem, type PropertyInput } from '../edits/block-properties';
import { VariablePicker } from './variable-picker';

export interface PropertyFieldProps {
  label: string;
  input: PropertyInput;
  /** The value as written in the source. */
  value: string;
  /** Called with each valid value; an invalid one stays in the field with its error. */
  onChange: (value: string) => void;
  variables: readonly OfferedVariable[];
}

const HEX = /^#[\da-f]{6}$/i;

/**
 * One property of the selected block. It shows the source's value until the admin edits it;
 * each valid edit is applied at once (one change of one value), so the canvas follows.
 */
export function PropertyField({ label, input, value, onChange, variables }: PropertyFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = draft ?? value;
  const problem = draft === null ? undefined : (propertyProblem(input, draft) ?? undefined);

  const change = (next: string) => {
    setDraft(next);
    if (propertyProblem(input, next) === null) onChange(next);
  };

  return (
    <Field label={label} error={problem}>
      {(control) => (
        <div className="flex flex-col gap-1.5">
          <div className="flex gap-1.5">
            {input === 'align' ? (
              <Select {...control} value={shown} onChange={(event) => change(event.target.value)}>
                <option value="">Not set</option>
                <option value="left">Left</option>
                <option value="center">Centre</option>
                <option value="right">Right</option>
              </Select>
            ) : (
              <Input
                {...control}
                ref={inputRef}
                value={shown}
                spellCheck={input === 'text'}
                className={input === 'text' ? undefined : 'font-mono'}
                onChange={(event) => change(event.target.value)}
                onBlur={() => setDraft(null)}
              />
            )}
            {input === 'color' && (
              <input
                type="color"
                aria-label={`Pick ${label.toLowerCase()}`}
                value={HEX.test(shown) ? shown : '#000000'}
                onChange={(event) => change(event.target.value)}
                className="border-border h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5"
              />
            )}
          </div>
          {input === 'link' && (
            <VariablePicker
              label={`Insert a variable into ${label.toLowerCase()}`}
              variables={variables}
              field={inputRef}
              value={shown}
              onChange={change}
            />
          )}
        </div>
      )}
    </Field>
  );
}

import { useId, useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { controlClasses } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import { hrefProblem } from '../edits/inline-format';
import { InlinePanel, type PanelAnchor } from './inline-panel';
import { VariablePicker } from './variable-picker';
import type { OfferedVariable } from '../../editor/template-variables';

export interface LinkPopoverProps {
  /** What the panel edits, to open at. */
  anchor?: PanelAnchor;
  /** The link's target as written (raw attribute source), or empty for a new link. */
  initial: string;
  editing: boolean;
  /** The sample's variables, offered as `{{ path }}`. */
  variables: readonly OfferedVariable[];
  /** Why the last attempt failed (from the canvas), if it did. */
  message: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

/** Asks for a link's address, Liquid allowed (`{{ order.url }}`), checked before it is written. */
export function LinkPopover(props: LinkPopoverProps) {
  const [href, setHref] = useState(props.initial);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const error = problem ?? (props.message || null);

  function apply() {
    const found = hrefProblem(href);
    setProblem(found);
    if (!found) props.onApply(href);
  }

  return (
    <InlinePanel
      label={props.editing ? 'Edit link' : 'Add link'}
      anchor={props.anchor}
      onClose={props.onClose}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-href`} className="text-fg text-sm font-medium">
          Link address
        </label>
        <input
          ref={input}
          id={`${id}-href`}
          value={href}
          autoFocus
          spellCheck={false}
          autoComplete="off"
          placeholder="https://… or {{ order.url }}"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setHref(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            // The panel sits inside the editor's form: Enter applies the link, not the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          className={cn(controlClasses, 'h-9 font-mono')}
        />
        {error && (
          <p id={`${id}-error`} className="text-danger text-xs">
            {error}
          </p>
        )}
      </div>
      <VariablePicker
        label="Insert a variable into the address"
        variables={props.variables}
        field={input}
        value={href}
        onChange={(next) => {
          setHref(next);
          setProblem(null);
        }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {props.editing && (
          <Button size="sm" variant="ghost" onClick={props.onRemove}>
            Remove link
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={props.onClose}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" onClick={apply}>
          {props.editing ? 'Save link' : 'Add link'}
        </Button>
      </div>
    </InlinePanel>
  );
}

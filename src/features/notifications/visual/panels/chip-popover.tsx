import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { controlClasses } from '../../../../components/ui/input';
import { cn } from '../../../../lib/cn';
import { InlinePanel, type PanelAnchor } from './inline-panel';
import type { OutputNode } from '../model/template-tree';

export interface ChipPopoverProps {
  /** What the panel edits, to open at. */
  anchor?: PanelAnchor;
  output: OutputNode;
  /** The whole tag as written: `{{ customer.first_name | default: "there" }}`. */
  markup: string;
  message: string;
  onSaveDefault: (value: string) => void;
  onRemoveDefault: () => void;
  onDelete: () => void;
  onClose: () => void;
}

/** A variable chip's details: its expression, its `| default:` (add, change, remove), delete. */
export function ChipPopover(props: ChipPopoverProps) {
  const { output } = props;
  const [fallback, setFallback] = useState(output.fallback?.value ?? '');
  const id = useId();
  return (
    <InlinePanel
      label={`Variable ${output.expression}`}
      anchor={props.anchor}
      onClose={props.onClose}
    >
      <p className="text-muted font-mono text-xs break-all">{props.markup}</p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-default`} className="text-fg text-sm font-medium">
          Shown when {output.expression} is empty
        </label>
        <input
          id={`${id}-default`}
          value={fallback}
          autoFocus
          autoComplete="off"
          aria-invalid={props.message ? true : undefined}
          aria-describedby={props.message ? `${id}-error` : undefined}
          onChange={(event) => setFallback(event.target.value)}
          onKeyDown={(event) => {
            // The panel sits inside the editor's form: Enter saves the default, not the form.
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onSaveDefault(fallback);
            }
          }}
          className={cn(controlClasses, 'h-9')}
        />
        {props.message && (
          <p id={`${id}-error`} className="text-danger text-xs">
            {props.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button size="sm" variant="danger-subtle" onClick={props.onDelete}>
          Delete variable
        </Button>
        {output.fallback && (
          <Button size="sm" variant="ghost" onClick={props.onRemoveDefault}>
            Remove default
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={props.onClose}>
          Cancel
        </Button>
        <Button size="sm" variant="primary" onClick={() => props.onSaveDefault(fallback)}>
          Save default
        </Button>
      </div>
    </InlinePanel>
  );
}

import { useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Select } from '../../../../components/ui/select';
import type { OfferedVariable } from '../../editor/template-variables';
import type { SnippetOptions } from '../edits/block-snippets';
import { conditionChoices, loopChoices } from '../model/frame-choices';

export interface FrameChooserProps {
  kind: 'loop' | 'condition';
  /** "Insert" or "Wrap": what choosing does. */
  action: string;
  variables: readonly OfferedVariable[];
  onChoose: (options: SnippetOptions) => void;
  onCancel: () => void;
}

/** Asks which list to repeat for, or which condition to show under, from the sample's variables. */
export function FrameChooser({ kind, action, variables, onChoose, onCancel }: FrameChooserProps) {
  const id = useId();
  const choices = kind === 'loop' ? loopChoices(variables) : conditionChoices(variables);
  const [picked, setPicked] = useState(0);
  // The button that opened the chooser gets the focus back when it closes.
  const [opener] = useState(() => document.activeElement);
  const close = (then: () => void) => {
    if (opener instanceof HTMLElement) opener.focus();
    then();
  };
  const choice = choices[picked];
  const question = kind === 'loop' ? 'Repeat for each' : 'Only if';
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="border-border bg-subtle flex flex-col gap-2 rounded-md border p-2"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        close(onCancel);
      }}
    >
      <label id={id} htmlFor={`${id}-select`} className="text-fg text-xs font-medium">
        {question}
      </label>
      {choices.length === 0 ? (
        <p className="text-muted text-xs">
          The sample has no {kind === 'loop' ? 'lists' : 'variables'} to choose from.
        </p>
      ) : (
        <Select
          id={`${id}-select`}
          value={picked}
          onChange={(event) => setPicked(Number(event.target.value))}
          className="font-mono text-xs"
          autoFocus
        >
          {choices.map((entry, index) => (
            <option key={entry.label} value={index}>
              {entry.label}
            </option>
          ))}
        </Select>
      )}
      <div className="flex gap-1.5">
        <Button
          size="sm"
          variant="primary"
          disabled={!choice}
          onClick={() => {
            if (choice) close(() => onChoose(choice.options));
          }}
        >
          {action}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => close(onCancel)}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

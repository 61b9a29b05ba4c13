// The job filter: a text field that suggests the app's jobs while typing (WAI-ARIA APG
// "combobox with listbox popup"): arrows move, Enter or a click picks, Escape closes.
import { useId, useState, type KeyboardEvent } from 'react';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { suggestJobs } from './job-suggestions';

export interface JobComboboxProps {
  id: string;
  value: string;
  /** The app's configured jobs. */
  appJobs: readonly string[];
  /** The jobs in the loaded entries, read when the suggestions open (they change all the time). */
  seenJobs: () => string[];
  onType: (text: string) => void;
  /** A suggestion was picked: apply it now. */
  onPick: (job: string) => void;
  onBlur: () => void;
}

export function JobCombobox({
  id,
  value,
  appJobs,
  seenJobs,
  onType,
  onPick,
  onBlur,
}: JobComboboxProps) {
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [known, setKnown] = useState<readonly string[]>(appJobs);
  const options = open ? suggestJobs(known, value) : [];
  const expanded = options.length > 0;
  const activeJob = options[active];
  const optionId = (index: number) => `${listboxId}-${index}`;

  const show = () => {
    setKnown([...appJobs, ...seenJobs()]);
    setOpen(true);
  };
  const pick = (job: string) => {
    setOpen(false);
    setActive(-1);
    onPick(job);
  };
  const step = (by: 1 | -1) => {
    if (!expanded) {
      show();
      return;
    }
    // -1 is the typed text itself: the arrows cycle through it and the options.
    const states = options.length + 1;
    setActive((current) => ((current + 1 + by + states) % states) - 1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        step(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        if (activeJob !== undefined) {
          // The picked job, not the half-typed text, is what the form applies.
          event.preventDefault();
          pick(activeJob);
        } else {
          setOpen(false);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div className="relative">
      <Input
        id={id}
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeJob === undefined ? undefined : optionId(active)}
        value={value}
        placeholder="Any job"
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => {
          onType(event.target.value);
          setActive(-1);
          show();
        }}
        onFocus={show}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur();
        }}
      />
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Jobs"
        hidden={!expanded}
        className="border-border bg-surface absolute z-20 mt-1 max-h-72 w-max max-w-[min(24rem,calc(100vw-2rem))] min-w-full overflow-auto rounded-md border py-1 shadow-lg"
      >
        {options.map((job, index) => (
          <li
            key={job}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={cn(
              'cursor-pointer truncate px-3 py-1.5 font-mono text-sm',
              index === active && 'bg-subtle',
            )}
            // Keep focus in the field: a blur would apply the half-typed text first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => pick(job)}
          >
            {job}
          </li>
        ))}
      </ul>
    </div>
  );
}

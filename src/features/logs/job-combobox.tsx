// The job filter: a text field that suggests the app's jobs while typing (WAI-ARIA APG
// "combobox with listbox popup"): arrows move, Enter or a click picks, Escape closes. Besides
// a job's exact name it offers "starts with" and "contains" the text (decision 052); the names
// come from the service (every job of the app's log), the app and the loaded lines.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { logJobsQueryOptions } from '../../api/app-log-find';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { MAX_JOB_SUGGESTIONS } from './job-suggestions';
import { jobOptionKey, jobOptionLabel, jobOptions, type JobOption } from './job-match';

export interface JobComboboxProps {
  id: string;
  /** The app whose job names the service suggests. */
  appKey: string;
  value: string;
  /** The app's configured jobs. */
  appJobs: readonly string[];
  /** The jobs in the loaded entries, read when the suggestions open (they change all the time). */
  seenJobs: () => string[];
  onType: (text: string) => void;
  /** A suggestion was picked: apply it now. */
  onPick: (option: JobOption) => void;
  onBlur: () => void;
  /** Id of the words that say the current mode. */
  describedBy?: string | undefined;
}

export function JobCombobox({
  id,
  appKey,
  value,
  appJobs,
  seenJobs,
  onType,
  onPick,
  onBlur,
  describedBy,
}: JobComboboxProps) {
  const listboxId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [known, setKnown] = useState<readonly string[]>(appJobs);
  const typed = value.trim();
  // Asked only while the list is open; the previous answer stays while the next one loads.
  const service = useQuery({
    ...logJobsQueryOptions(appKey, {
      ...(typed === '' ? {} : { contains: typed }),
      limit: MAX_JOB_SUGGESTIONS,
    }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const serviceJobs = service.data?.jobs.map((job) => job.name) ?? [];
  const options = open ? jobOptions([...serviceJobs, ...known], value) : [];
  const expanded = options.length > 0;
  const activeJob = options[active];
  const optionId = (index: number) => `${listboxId}-${index}`;

  const show = () => {
    setKnown([...appJobs, ...seenJobs()]);
    setOpen(true);
  };
  const pick = (option: JobOption) => {
    setOpen(false);
    setActive(-1);
    onPick(option);
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
        aria-describedby={describedBy}
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
        {options.map((option, index) => (
          <li
            key={jobOptionKey(option)}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={cn(
              'cursor-pointer truncate px-3 py-1.5 text-sm',
              option.kind === 'exact' ? 'font-mono' : 'text-muted-foreground italic',
              index === active && 'bg-subtle',
            )}
            // Keep focus in the field: a blur would apply the half-typed text first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(index)}
            onClick={() => pick(option)}
          >
            {jobOptionLabel(option)}
          </li>
        ))}
      </ul>
    </div>
  );
}

// The job filter: a text field that suggests the app's jobs while typing (the shared Combobox:
// arrows move, Enter or a click picks, Escape closes). Besides a job's exact name it offers
// "starts with" and "contains" the text (decision 052); the names come from the service (every
// job of the app's log), the app and the loaded lines.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { logJobsQueryOptions } from '../../api/app-log-find';
import { Combobox } from '../../components/combobox';
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
  const [open, setOpen] = useState(false);
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

  return (
    <Combobox
      id={id}
      aria-describedby={describedBy}
      value={value}
      onValueChange={onType}
      open={open}
      onOpenChange={(next) => {
        // Opening reads the loaded lines' jobs again.
        if (next) setKnown([...appJobs, ...seenJobs()]);
        setOpen(next);
      }}
      options={options}
      optionKey={jobOptionKey}
      optionClassName={(option) =>
        cn('truncate', option.kind === 'exact' ? 'font-mono' : 'text-muted-foreground italic')
      }
      renderOption={jobOptionLabel}
      onPick={onPick}
      onBlur={onBlur}
      listLabel="Jobs"
      listClassName="w-max max-w-[min(24rem,calc(100vw-2rem))] min-w-full"
      placeholder="Any job"
    />
  );
}

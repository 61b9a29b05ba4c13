import { memo, useId, type RefObject } from 'react';
import { LOG_LEVELS, logLevelSchema } from '../../api/schemas/app-log';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { JobCombobox } from './job-combobox';
import { formatLogTime } from './log-format';
import { effectiveRange, fromDateTimeLocal, RANGE_OPTIONS, toDateTimeLocal } from './log-range';
import { QueryHelp } from './query-help';
import type { LogsSearch } from './search-params';
import { useCommittedText } from './use-committed-text';

export interface LogFilterBarProps {
  search: LogsSearch;
  /** The app's configured jobs. */
  jobs: readonly string[];
  /** The jobs in the loaded entries (a stable callback: the bar re-renders only on filters). */
  seenJobs: () => string[];
  searchInputRef: RefObject<HTMLInputElement | null>;
  /** Applies a change to the URL (which restarts the tail). */
  onChange: (patch: Partial<LogsSearch>) => void;
}

/**
 * A time bound as a datetime-local input. Committed on blur or Enter, not on every keystroke
 * (each commit restarts the tail). Re-mounted when the committed bound changes elsewhere.
 */
function DateTimeInput({
  id,
  bound,
  onCommit,
}: {
  id: string;
  bound: number | string | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const committed = toDateTimeLocal(bound);
  const commit = (value: string) => {
    if (value !== committed) onCommit(fromDateTimeLocal(value));
  };
  return (
    <Input
      key={committed}
      id={id}
      type="datetime-local"
      step={1}
      defaultValue={committed}
      onBlur={(event) => commit(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(event.currentTarget.value);
      }}
    />
  );
}

const rangeValues = new Set<string>(RANGE_OPTIONS.map((option) => option.value));
/** The range select's value while the view is opened around a linked entry. */
const LINKED_ENTRY = 'linked-entry';

/** Memoized: the page re-renders on every engine update, the filters only when they change. */
export const LogFilterBar = memo(function LogFilterBar({
  search,
  jobs,
  seenJobs,
  searchInputRef,
  onChange,
}: LogFilterBarProps) {
  const ids = useId();
  const range = effectiveRange(search);
  // A shared link to an entry shows the time around it, not "Live".
  const linkedAt = search.entry === undefined ? undefined : search.at;
  const q = useCommittedText(search.q ?? '', (value) => onChange({ q: value || undefined }));
  const job = useCommittedText(search.job ?? '', (value) => onChange({ job: value || undefined }));

  return (
    <form
      role="search"
      aria-label="Log filters"
      className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-[11rem_11rem_minmax(12rem,1fr)_11rem]"
      onSubmit={(event) => {
        event.preventDefault();
        q.commitNow();
        job.commitNow();
      }}
    >
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${ids}-level`}>Level</Label>
        <Select
          id={`${ids}-level`}
          value={search.level ?? ''}
          onChange={(event) => {
            const parsed = logLevelSchema.safeParse(event.target.value);
            onChange({ level: parsed.success ? parsed.data : undefined });
          }}
        >
          <option value="">All levels</option>
          {LOG_LEVELS.map((level) => (
            <option key={level} value={level}>
              {level === 'unknown' ? 'unknown only' : `${level} and above`}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${ids}-job`}>Job</Label>
        <JobCombobox
          id={`${ids}-job`}
          value={job.value}
          appJobs={jobs}
          seenJobs={seenJobs}
          onType={job.setValue}
          onPick={(name) => {
            job.setValue(name);
            onChange({ job: name });
          }}
          onBlur={job.commitNow}
        />
      </div>
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <div className="flex items-center gap-1.5">
          <Label htmlFor={`${ids}-q`}>Search</Label>
          <QueryHelp id={`${ids}-q-help`} />
        </div>
        <Input
          ref={searchInputRef}
          id={`${ids}-q`}
          type="search"
          value={q.value}
          placeholder='level:error "payment failed"'
          autoComplete="off"
          aria-keyshortcuts="/"
          onChange={(event) => q.setValue(event.target.value)}
          onBlur={q.commitNow}
        />
      </div>
      <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
        <Label htmlFor={`${ids}-range`}>Time range</Label>
        <Select
          id={`${ids}-range`}
          value={linkedAt === undefined ? range : LINKED_ENTRY}
          onChange={(event) => {
            const value = event.target.value;
            if (!rangeValues.has(value)) return;
            const next = value as NonNullable<LogsSearch['range']>;
            onChange(
              next === 'custom'
                ? {
                    range: next,
                    since: search.since ?? Math.floor(Date.now() / 1000) - 3600,
                    before: search.before,
                  }
                : {
                    range: next === 'live' ? undefined : next,
                    since: undefined,
                    before: undefined,
                  },
            );
          }}
        >
          {linkedAt !== undefined && (
            <option value={LINKED_ENTRY}>
              Around {formatLogTime(linkedAt, search.utc === true).slice(0, 19)}
            </option>
          )}
          {RANGE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      {range === 'custom' && (
        <div className="col-span-2 flex flex-wrap items-end gap-3 sm:col-span-4">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-since`}>From (local time)</Label>
            <DateTimeInput
              id={`${ids}-since`}
              bound={search.since}
              onCommit={(since) => onChange({ since })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${ids}-before`}>Until (empty: keep following)</Label>
            <DateTimeInput
              id={`${ids}-before`}
              bound={search.before}
              onCommit={(before) => onChange({ before })}
            />
          </div>
        </div>
      )}
      {/* Enter in a field applies the filters; the button is for that, not a Tab stop. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        Apply filters
      </button>
    </form>
  );
});

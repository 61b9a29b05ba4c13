import { useId, type RefObject } from 'react';
import { LOG_LEVELS, logLevelSchema } from '../../../contract/schemas/app-log';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { JobCombobox } from './job-combobox';
import { jobFilterWords } from './job-match';
import { LogRangeFields } from './log-range-fields';
import { QueryHelp } from './query-help';
import type { LogsSearch } from './search-params';
import { useCommittedText } from './use-committed-text';

export interface LogFilterFormProps {
  /** The app whose log this is (the job suggestions ask the service). */
  appKey: string;
  search: LogsSearch;
  /** The app's configured jobs. */
  jobs: readonly string[];
  /** The jobs in the loaded entries (a stable callback: the bar re-renders only on filters). */
  seenJobs: () => string[];
  searchInputRef: RefObject<HTMLInputElement | null>;
  /** Applies a change to the URL (which restarts the tail). */
  onChange: (patch: Partial<LogsSearch>) => void;
}

/** Every filter of the viewer in one form: a row on wide screens, the Filters sheet on phones. */
export function LogFilterForm({
  appKey,
  search,
  jobs,
  seenJobs,
  searchInputRef,
  onChange,
}: LogFilterFormProps) {
  const ids = useId();
  const q = useCommittedText(search.q ?? '', (value) => onChange({ q: value || undefined }));
  // Typing a name is an exact job again; a mode comes from picking "starts with"/"contains".
  const job = useCommittedText(search.job ?? '', (value) =>
    onChange({ job: value || undefined, job_match: undefined }),
  );
  const jobWords = jobFilterWords(search.job, search.job_match);

  return (
    <form
      role="search"
      aria-label="Log filters"
      // The range column grows to its longest option ("Around 2026-11-27 18:07:05"), never cut.
      className="grid grid-cols-1 gap-x-3 gap-y-3 sm:grid-cols-[11rem_11rem_minmax(12rem,1fr)_minmax(11rem,max-content)]"
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
          appKey={appKey}
          value={job.value}
          appJobs={jobs}
          seenJobs={seenJobs}
          onType={job.setValue}
          onPick={(option) => {
            const name = option.kind === 'exact' ? option.name : option.text;
            job.setValue(name);
            onChange({ job: name, job_match: option.kind === 'exact' ? undefined : option.kind });
          }}
          onBlur={job.commitNow}
          describedBy={jobWords === null ? undefined : `${ids}-job-mode`}
        />
        {jobWords !== null && (
          <p id={`${ids}-job-mode`} className="text-muted-foreground text-xs">
            Showing {jobWords}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
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
      <LogRangeFields idPrefix={ids} search={search} onChange={onChange} />
      {/* Enter in a field applies the filters; the button is for that, not a Tab stop. */}
      <button type="submit" className="sr-only" tabIndex={-1}>
        Apply filters
      </button>
    </form>
  );
}

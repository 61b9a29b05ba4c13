import { Label } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { formatLogTime } from './log-format';
import { effectiveRange, fromDateTimeLocal, RANGE_OPTIONS, toDateTimeLocal } from './log-range';
import type { LogsSearch } from './search-params';

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

/** The Time range select, with From/Until fields for a custom range. */
export function LogRangeFields({
  idPrefix,
  search,
  onChange,
}: {
  idPrefix: string;
  search: LogsSearch;
  onChange: (patch: Partial<LogsSearch>) => void;
}) {
  const range = effectiveRange(search);
  // A shared link to an entry shows the time around it, not "Live".
  const linkedAt = search.entry === undefined ? undefined : search.at;
  return (
    <>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-range`}>Time range</Label>
        <Select
          id={`${idPrefix}-range`}
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
        <div className="col-span-full flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${idPrefix}-since`}>From (local time)</Label>
            <DateTimeInput
              id={`${idPrefix}-since`}
              bound={search.since}
              onCommit={(since) => onChange({ since })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${idPrefix}-before`}>Until (empty: keep following)</Label>
            <DateTimeInput
              id={`${idPrefix}-before`}
              bound={search.before}
              onCommit={(before) => onChange({ before })}
            />
          </div>
        </div>
      )}
    </>
  );
}

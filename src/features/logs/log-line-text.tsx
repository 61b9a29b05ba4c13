import { memo } from 'react';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { HighlightedText } from './highlighted-text';
import { logLine, type LogField } from './log-line';

/** What a click in a row asks for: a phrase added to the search, or one job. */
export type LogRowFilter = { phrase: string } | { job: string };

/** A line shows at most this many fields; the rest are one click away in the details. */
const FIELDS_SHOWN = 12;

function FieldValue({
  field,
  terms,
  onFilter,
  tabIndex,
}: {
  field: LogField;
  terms: readonly string[];
  onFilter: (filter: LogRowFilter) => void;
  tabIndex?: number;
}) {
  const value = <HighlightedText text={field.text} terms={terms} />;
  const { searchText } = field;
  if (searchText === null) {
    return (
      <span className="text-fg/80" title={field.full}>
        {value}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="text-fg/80 hover:text-fg focus-visible:outline-ring cursor-pointer rounded-sm hover:underline focus-visible:outline-2"
      title={`${field.full}\nClick to search for this value`}
      aria-label={`Search for ${field.key} ${field.text}`}
      tabIndex={tabIndex}
      onClick={() => onFilter({ phrase: searchText })}
    >
      {value}
    </button>
  );
}

/**
 * The readable part of a row: the message, then the other fields of `data` as dim `key=value`
 * pairs whose values filter the list when clicked. Long values are cut; the title has them whole.
 */
export const LogLineText = memo(function LogLineText({
  entry,
  terms,
  onFilter,
  tabIndex,
}: {
  entry: Pick<AppLogEntry, 'data'>;
  terms: readonly string[];
  onFilter: (filter: LogRowFilter) => void;
  /** -1 outside the list's current row (roving tabindex, see LogRow). */
  tabIndex?: number;
}) {
  const line = logLine(entry);
  return (
    <span className="text-fg min-w-0 basis-full truncate sm:flex-1 sm:basis-auto">
      {line.message !== '' && (
        <span className="mr-3">
          <HighlightedText text={line.message} terms={terms} />
        </span>
      )}
      {line.fields.slice(0, FIELDS_SHOWN).map((field) => (
        <span key={field.key} className="text-muted mr-3">
          {field.key}=
          <FieldValue field={field} terms={terms} onFilter={onFilter} tabIndex={tabIndex} />
        </span>
      ))}
    </span>
  );
});

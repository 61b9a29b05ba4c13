// The list of records, newest first: when, who (the consent id opens the detail), what they
// chose, in which language, against which configuration version.
import type { ConsentRecordWire } from '../../../api/consent-records';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import {
  TableContainer,
  tableClasses,
  tbodyClasses,
  tdClasses,
  thClasses,
  theadClasses,
  trClasses,
} from '../../../components/ui/table';
import { formatDateTime } from '../../../lib/format';

export const OUTCOMES: Record<ConsentRecordWire['outcome'], { label: string; tone: BadgeTone }> = {
  all: { label: 'Accepted all', tone: 'success' },
  some: { label: 'Accepted some', tone: 'warning' },
  none: { label: 'Accepted none', tone: 'danger' },
};

export function acceptedCount(record: ConsentRecordWire): string {
  const values = Object.values(record.choices);
  return `${String(values.filter(Boolean).length)} of ${String(values.length)}`;
}

export function RecordsTable({
  records,
  onOpen,
}: {
  records: readonly ConsentRecordWire[];
  onOpen: (record: ConsentRecordWire) => void;
}) {
  return (
    <TableContainer>
      <table className={tableClasses}>
        <caption className="sr-only">Consent records, newest first</caption>
        <thead className={theadClasses}>
          <tr>
            <th scope="col" className={`${thClasses} hidden sm:table-cell`}>
              Time (UTC)
            </th>
            <th scope="col" className={thClasses}>
              Consent ID
            </th>
            <th scope="col" className={thClasses}>
              Choice
            </th>
            <th scope="col" className={`${thClasses} hidden md:table-cell`}>
              Locale
            </th>
            <th scope="col" className={`${thClasses} hidden md:table-cell`}>
              Version
            </th>
          </tr>
        </thead>
        <tbody className={tbodyClasses}>
          {records.map((record) => (
            <tr key={record.id} className={trClasses}>
              <td className={`${tdClasses} hidden whitespace-nowrap tabular-nums sm:table-cell`}>
                <time dateTime={record.created_at}>
                  {formatDateTime(record.created_at, { utc: true })}
                </time>
              </td>
              <td className={`${tdClasses} max-w-48 truncate`}>
                {/* On a phone the time is here, above the id, instead of in a column of its own. */}
                <time
                  dateTime={record.created_at}
                  className="text-muted block text-xs tabular-nums sm:hidden"
                >
                  {formatDateTime(record.created_at, { utc: true })} UTC
                </time>
                <button
                  type="button"
                  className="text-accent font-mono text-xs hover:underline"
                  onClick={() => onOpen(record)}
                  aria-label={`Record ${String(record.id)} of ${record.consent_id}`}
                >
                  {record.consent_id}
                </button>
              </td>
              <td className={`${tdClasses} whitespace-nowrap`}>
                <Badge tone={OUTCOMES[record.outcome].tone}>{OUTCOMES[record.outcome].label}</Badge>
                <span className="text-muted ml-2 hidden text-xs tabular-nums sm:inline">
                  {acceptedCount(record)}
                </span>
              </td>
              <td className={`${tdClasses} hidden md:table-cell`}>{record.locale}</td>
              <td className={`${tdClasses} text-muted hidden tabular-nums md:table-cell`}>
                v{record.config_revision}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableContainer>
  );
}

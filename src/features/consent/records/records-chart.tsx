// The chart of choices per day (UTC): a stacked bar per day, accepted all / some / none, with the
// totals beside the legend. The numbers are in the accessible name, not only in the bars.
import type { ConsentRecordDayWire } from '../../../api/consent-records';

const SERIES = [
  { key: 'all', label: 'Accepted all', swatch: 'bg-success' },
  { key: 'some', label: 'Accepted some', swatch: 'bg-warning' },
  { key: 'none', label: 'Accepted none', swatch: 'bg-danger' },
] as const;

function describeDay(day: ConsentRecordDayWire): string {
  return `${day.day}: ${String(day.all)} all, ${String(day.some)} some, ${String(day.none)} none`;
}

const DAY_MS = 86_400_000;

/**
 * The days from the first to the last, with the days nobody chose as zeros (the service answers
 * only days with records), so the bars keep their place in time. Past two years, as answered.
 */
export function fillDays(days: readonly ConsentRecordDayWire[]): ConsentRecordDayWire[] {
  const ordered = [...days].sort((a, b) => a.day.localeCompare(b.day));
  const first = ordered[0];
  const last = ordered.at(-1);
  if (!first || !last) return [];
  const start = Date.parse(`${first.day}T00:00:00Z`);
  const span = (Date.parse(`${last.day}T00:00:00Z`) - start) / DAY_MS;
  if (!Number.isFinite(span) || span > 731) return ordered;
  const byDay = new Map(ordered.map((day) => [day.day, day]));
  return Array.from({ length: span + 1 }, (_, index) => {
    const day = new Date(start + index * DAY_MS).toISOString().slice(0, 10);
    return byDay.get(day) ?? { day, all: 0, some: 0, none: 0 };
  });
}

export function RecordsChart({ days }: { days: readonly ConsentRecordDayWire[] }) {
  const totals = { all: 0, some: 0, none: 0 };
  let highest = 0;
  for (const day of days) {
    totals.all += day.all;
    totals.some += day.some;
    totals.none += day.none;
    highest = Math.max(highest, day.all + day.some + day.none);
  }
  // Oldest on the left, whatever order the service answers in.
  const ordered = fillDays(days);
  const first = ordered[0]?.day;
  const last = ordered.at(-1)?.day;
  return (
    <figure className="flex flex-col gap-3">
      <ul aria-label="Totals" className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`${series.swatch} size-2.5 rounded-sm`} />
            <span className="text-muted">{series.label}</span>
            <span className="font-medium tabular-nums">{totals[series.key]}</span>
          </li>
        ))}
      </ul>
      {ordered.length === 0 ? (
        <p className="text-muted text-sm">No choices in this range.</p>
      ) : (
        <div
          role="img"
          aria-label={`Choices per day, ${first ?? ''} to ${last ?? ''}. ${ordered
            .filter((day) => day.all + day.some + day.none > 0)
            .map(describeDay)
            .join('; ')}`}
          className="border-border flex h-32 items-end gap-px border-b"
        >
          {ordered.map((day) => {
            const total = day.all + day.some + day.none;
            return (
              <div
                key={day.day}
                title={describeDay(day)}
                className="flex max-w-6 min-w-0 flex-1 flex-col-reverse"
                style={{ height: `${String(highest ? (total / highest) * 100 : 0)}%` }}
              >
                {SERIES.map((series) =>
                  day[series.key] > 0 ? (
                    <div
                      key={series.key}
                      className={series.swatch}
                      style={{ height: `${String((day[series.key] / total) * 100)}%` }}
                    />
                  ) : null,
                )}
              </div>
            );
          })}
        </div>
      )}
      {first && last && (
        <figcaption className="text-muted flex justify-between text-xs tabular-nums">
          <span>{first}</span>
          <span>UTC days</span>
          <span>{last}</span>
        </figcaption>
      )}
    </figure>
  );
}

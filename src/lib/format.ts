// Time formatting for tables and detail views:
//   formatRelativeTime('2026-11-21T06:00:00Z') → "5 minutes ago"; formatDateTime(iso) → "21 Nov 2026, 06:00";
//   pass `now` in tests; pass { utc: true } to show UTC.

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatRelativeTime(
  value: string | number | Date,
  now: number = Date.now(),
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.round((date.getTime() - now) / 1000);
  if (Math.abs(seconds) < 10) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

export function formatDateTime(
  value: string | number | Date,
  options: { utc?: boolean } = {},
): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: options.utc ? 'UTC' : undefined,
  }).format(date);
}

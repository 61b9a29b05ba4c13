import type { AppLogEntry, LogLevel } from '../../../contract/schemas/app-log';

// The chart's formats live below the features (the Alerts page draws the volume chart too).
import { formatLogTime } from '../../lib/log-time-format';

export { formatEntryCount, formatLogTime } from '../../lib/log-time-format';

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * The time to the microsecond (`… 12:00:00.123456`), for a row's tooltip: lines of one batch
 * share the millisecond and differ in the microseconds, so their order shows. Times with only
 * milliseconds (a foreign server) end in `000`.
 */
export function formatLogTimePrecise(time: number, utc: boolean): string {
  const micros = Math.round(time * 1_000_000);
  const remainder = ((micros % 1000) + 1000) % 1000;
  const millis = (micros - remainder) / 1000;
  const base = formatLogTime(millis / 1000, utc);
  return `${base}${pad(remainder, 3)}`;
}

/** The offset of local time for a label next to the times, e.g. `UTC+01:00`. */
export function formatUtcOffset(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The background job an entry comes from (`context.job.name`), or null. */
export function logJobName(context: AppLogEntry['context']): string | null {
  const job = context?.['job'];
  if (typeof job === 'string') return job || null;
  if (typeof job === 'object' && job !== null && !Array.isArray(job)) {
    const name = (job as Record<string, unknown>)['name'];
    return typeof name === 'string' && name !== '' ? name : null;
  }
  return null;
}

export function isErrorLevel(level: LogLevel): boolean {
  return level === 'error' || level === 'fatal';
}

/** Pretty JSON for the expanded row (strings stay as they are). */
export function prettyJson(value: unknown): string {
  if (typeof value === 'string') return value;
  const json: string | undefined = JSON.stringify(value, null, 2);
  // undefined (and functions) have no JSON; the row shows them as null, as the service stores them.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  return json ?? 'null';
}

/** How far behind live, in words: "3 s", "2 min", "1 h 5 min". */
export function formatBehind(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest ? `${hours} h ${rest} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** The buffer as newline-delimited JSON, one entry per line, oldest first. */
export function toNdjson(entries: readonly AppLogEntry[]): string {
  let text = '';
  for (const entry of entries) text += `${JSON.stringify(entry)}\n`;
  return text;
}

/** How long before `nowMs` a float epoch `time` was: "12 s ago", "3 min ago"; "now" within 1 s. */
export function formatRelativeTime(time: number, nowMs: number): string {
  const seconds = nowMs / 1000 - time;
  if (seconds < 1) return 'now';
  return `${formatBehind(seconds)} ago`;
}

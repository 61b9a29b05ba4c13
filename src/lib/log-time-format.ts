// The log times and counts the volume chart and the log viewer write (issue 41 moved them here
// from features/logs so the Alerts page's chart writes them the same way).

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * `YYYY-MM-DD HH:mm:ss.SSS` of a float epoch `time`, in local time or UTC. Hand-rolled rather
 * than Intl because it runs for every visible row on every update and must show milliseconds.
 */
export function formatLogTime(time: number, utc: boolean): string {
  const date = new Date(Math.round(time * 1000));
  if (Number.isNaN(date.getTime())) return String(time);
  if (utc) {
    return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(
      date.getUTCHours(),
    )}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
  }
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** "1 entry", "20,000 entries": every count of entries the log page shows. */
export function formatEntryCount(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;
}

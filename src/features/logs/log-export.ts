import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { toNdjson } from './log-format';

/** Downloads the buffer as `<app>-logs-<time>.ndjson`. */
export function downloadNdjson(appKey: string, entries: readonly AppLogEntry[]): void {
  const blob = new Blob([toNdjson(entries)], { type: 'application/x-ndjson' });
  const url = URL.createObjectURL(blob);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const link = document.createElement('a');
  link.href = url;
  link.download = `${appKey}-logs-${stamp}.ndjson`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by the time the click returns; the blob URL can go soon after.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

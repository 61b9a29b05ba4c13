import type { AppLogEntry } from '../../../contract/schemas/app-log';

/**
 * The line a keyboard step selects from `selectedId` (entries oldest first): `j`/`k` move one
 * line, clamped to the ends, and start at the newest line; with `matches` (`n`/`p`: errors) the
 * nearest matching line that way, or undefined when there is none. With nothing selected, `p`
 * finds the newest match and `n` the oldest.
 */
export function nextLine(
  entries: readonly AppLogEntry[],
  selectedId: string | null,
  step: 1 | -1,
  matches?: (entry: AppLogEntry) => boolean,
): AppLogEntry | undefined {
  const current = selectedId ? entries.findIndex((entry) => entry.id === selectedId) : -1;
  if (!matches) {
    if (entries.length === 0) return undefined;
    if (current < 0) return entries[entries.length - 1];
    return entries[Math.min(entries.length - 1, Math.max(0, current + step))];
  }
  const from = current >= 0 ? current : step === 1 ? -1 : entries.length;
  for (let index = from + step; index >= 0 && index < entries.length; index += step) {
    const entry = entries[index];
    if (entry && matches(entry)) return entry;
  }
  return undefined;
}

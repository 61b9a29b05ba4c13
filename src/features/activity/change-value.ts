/**
 * How one field's change reads in the feed: short values as "before → after", text long enough
 * to have lines as a line diff. Pure, for the component and its test.
 */
import type { RevisionChange } from '../../../contract/wire/audit';

/** Longer than this, or with a line break, a text is shown as a line diff. */
const SHORT_TEXT = 80;

export type ChangeView =
  | { kind: 'short'; before: string; after: string }
  | { kind: 'text'; before: string; after: string };

/** A value as one line: text as is, "(none)" for null, anything else as JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value === '' ? '(empty)' : value;
  return JSON.stringify(value);
}

function isLong(value: unknown): boolean {
  return typeof value === 'string' && (value.length > SHORT_TEXT || value.includes('\n'));
}

export function changeView(change: RevisionChange): ChangeView {
  if (isLong(change.before) || isLong(change.after)) {
    const text = (value: unknown) => (typeof value === 'string' ? value : shownValue(value));
    return { kind: 'text', before: text(change.before), after: text(change.after) };
  }
  return { kind: 'short', before: shownValue(change.before), after: shownValue(change.after) };
}

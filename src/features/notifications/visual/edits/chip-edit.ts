// A `{{ output }}` chip's edits as minimal changes of its markup: the `| default:` literal is
// added, changed or removed in place; the rest of the tag stays as written.
import type { OutputNode } from '../model/template-tree';
import type { SourceChange } from '../model/text-source';

export type ChipEdit = { ok: true; change: SourceChange } | { ok: false; reason: string };

/** A Liquid string literal has no escapes: it is quoted with a quote it does not contain. */
function literal(value: string, preferred: string): string | null {
  const other = preferred === '"' ? "'" : '"';
  if (!value.includes(preferred)) return `${preferred}${value}${preferred}`;
  if (!value.includes(other)) return `${other}${value}${other}`;
  return null;
}

/** A value Liquid reads as a variable path or a number when it is written without quotes. */
const BARE_VALUE = /^(?:-?\d+(?:\.\d+)?|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*|\[\d+\])*)$/;

/** Where the markup ends: before `}}` or `-}}`, and before the blanks in front of it. */
function markupEnd(source: string, output: OutputNode): number {
  let end = output.to - (source[output.to - 3] === '-' ? 3 : 2);
  while (end > output.from && /\s/.test(source[end - 1] ?? '')) end--;
  return end;
}

/**
 * Sets the `| default:` fallback of an output to `value`, or removes the filter when `value`
 * is null. A literal keeps the quote it was written with when it can; an unquoted default
 * (a variable or a number) stays unquoted when the new value is one too.
 */
export function setFallback(source: string, output: OutputNode, value: string | null): ChipEdit {
  const { fallback } = output;
  if (value === null) {
    if (!fallback) return { ok: false, reason: 'There is no default to remove.' };
    const before = /\s*\|\s*default\s*:\s*$/.exec(source.slice(output.from, fallback.span.from));
    if (!before)
      return { ok: false, reason: 'The default is written in a way only the code can change.' };
    return {
      ok: true,
      change: { from: output.from + before.index, to: fallback.span.to, insert: '' },
    };
  }
  const first = fallback ? source[fallback.span.from] : undefined;
  if (fallback && first !== '"' && first !== "'" && BARE_VALUE.test(value)) {
    return { ok: true, change: { ...fallback.span, insert: value } };
  }
  const quote = first === "'" ? "'" : '"';
  const written = literal(value, quote);
  if (written === null) return { ok: false, reason: 'A default cannot hold both kinds of quotes.' };
  if (fallback) return { ok: true, change: { ...fallback.span, insert: written } };
  const at = markupEnd(source, output);
  return { ok: true, change: { from: at, to: at, insert: ` | default: ${written}` } };
}

/** Takes the output out of the template. */
export function deleteOutput(output: OutputNode): SourceChange {
  return { from: output.from, to: output.to, insert: '' };
}

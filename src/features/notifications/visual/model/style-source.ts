import type { Span } from './template-tree';

/** One `property: value` of an inline style, with spans in the template source. */
export interface Declaration {
  /** Lower-case property name. */
  property: string;
  /** The declaration from its first character to its `;` (included) or the style's end. */
  whole: Span;
  /** The value, trimmed. */
  value: Span;
}

/** Where a piece of the style ends that must be skipped whole: Liquid, a string, `url(…)`. */
function skipEnd(source: string, at: number, end: number): number {
  const two = source.slice(at, at + 2);
  if (two === '{{' || two === '{%') {
    const close = source.indexOf(two === '{{' ? '}}' : '%}', at + 2);
    return close === -1 || close + 2 > end ? end : close + 2;
  }
  const char = source[at];
  const closer = char === '"' || char === "'" ? char : char === '(' ? ')' : null;
  if (closer === null) return at + 1;
  const close = source.indexOf(closer, at + 1);
  return close === -1 || close + 1 > end ? end : close + 1;
}

function trimmed(source: string, from: number, to: number): Span {
  while (from < to && /\s/.test(source.charAt(from))) from++;
  while (to > from && /\s/.test(source.charAt(to - 1))) to--;
  return { from, to };
}

/**
 * The declarations of a `style` attribute's value in the source. `;` inside Liquid, strings and
 * parentheses does not split, so `background: url({{ logo }})` stays one declaration.
 */
export function declarationsIn(source: string, style: Span): Declaration[] {
  const declarations: Declaration[] = [];
  let start = style.from;
  let at = style.from;
  const finish = (to: number, withSemicolon: boolean) => {
    const text = trimmed(source, start, to);
    const colon = source.indexOf(':', text.from);
    if (text.from < text.to && colon !== -1 && colon < text.to) {
      declarations.push({
        property: source.slice(text.from, colon).trim().toLowerCase(),
        whole: { from: text.from, to: withSemicolon ? to + 1 : text.to },
        value: trimmed(source, colon + 1, text.to),
      });
    }
  };
  while (at < style.to) {
    if (source[at] === ';') {
      finish(at, true);
      start = at + 1;
      at++;
      continue;
    }
    at = skipEnd(source, at, style.to);
  }
  finish(style.to, false);
  return declarations;
}

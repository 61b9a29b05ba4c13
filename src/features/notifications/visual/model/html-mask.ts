import type { Span } from './template-tree';

type State =
  'data' | 'tag' | 'before-value' | 'dq' | 'sq' | 'unquoted' | 'comment' | 'bogus' | 'raw';

/** Elements whose content the HTML tokenizer reads as text up to their own end tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
]);

const NAME_CHAR = /[^\s/>]/;

/**
 * The source with every Liquid span replaced by filler of the same length, so the HTML parser
 * sees structure only and every offset it reports is an offset of the source.
 *
 * The filler depends on where the Liquid sits: as text (or between attributes) it becomes
 * spaces, which the parser never moves — the letters of `{% if %}` between two table rows would
 * be foster-parented out of the table (OrchardCore #8455); inside an attribute value or a
 * comment it becomes `x`, so quotes inside Liquid (`src="{{ "a.jpg" | asset_url }}"`,
 * OrchardCore #2218) cannot end the value early.
 */
export function maskLiquid(source: string, liquid: readonly Span[]): string {
  const out: string[] = [];
  let state: State = 'data';
  let tagName = '';
  let isEndTag = false;
  let rawName = '';
  let next = 0;
  let index = 0;
  let copiedTo = 0;

  // The state after a tag's `>`; a raw-text element's name is kept to find its end tag.
  const endOfTag = (): State => {
    const raw = !isEndTag && RAW_TEXT.has(tagName);
    rawName = raw ? tagName : '';
    return raw ? 'raw' : 'data';
  };

  while (index < source.length) {
    const span = liquid[next];
    // `<=`: a span that began inside a construct skipped whole is masked from here on.
    if (span && span.from <= index) {
      out.push(source.slice(copiedTo, index));
      const inValue = state === 'dq' || state === 'sq' || state === 'unquoted';
      const filler =
        inValue || state === 'before-value' || state === 'comment' || state === 'bogus';
      out.push((filler ? 'x' : ' ').repeat(Math.max(0, span.to - index)));
      if (state === 'before-value') state = 'unquoted';
      index = Math.max(index, span.to);
      copiedTo = index;
      next++;
      continue;
    }
    const char = source[index] ?? '';
    switch (state) {
      case 'data':
      case 'raw': {
        if (char !== '<') break;
        const rest = source.slice(index, index + 4);
        if (state === 'data' && rest === '<!--') {
          state = 'comment';
          index += 3;
        } else if (state === 'data' && (rest[1] === '!' || rest[1] === '?')) {
          state = 'bogus';
        } else {
          const closing = rest[1] === '/';
          const nameStart = index + (closing ? 2 : 1);
          if (!/[a-zA-Z]/.test(source[nameStart] ?? '')) break;
          let nameEnd = nameStart;
          while (nameEnd < source.length && NAME_CHAR.test(source[nameEnd] ?? '')) {
            if (liquid[next]?.from === nameEnd) break;
            nameEnd++;
          }
          const name = source.slice(nameStart, nameEnd).toLowerCase();
          if (state === 'raw' && !(closing && name === rawName)) break;
          tagName = name;
          isEndTag = closing;
          state = 'tag';
          index = nameEnd - 1;
        }
        break;
      }
      case 'tag':
        if (char === '>') state = endOfTag();
        else if (char === '=') state = 'before-value';
        break;
      case 'before-value':
        if (char === '"') state = 'dq';
        else if (char === "'") state = 'sq';
        else if (char === '>') state = endOfTag();
        else if (!/\s/.test(char)) state = 'unquoted';
        break;
      case 'dq':
        if (char === '"') state = 'tag';
        break;
      case 'sq':
        if (char === "'") state = 'tag';
        break;
      case 'unquoted':
        if (char === '>') state = endOfTag();
        else if (/\s/.test(char)) state = 'tag';
        break;
      case 'comment':
        if (source.startsWith('-->', index)) {
          state = 'data';
          index += 2;
        }
        break;
      case 'bogus':
        if (char === '>') state = 'data';
        break;
    }
    index++;
  }
  out.push(source.slice(copiedTo));
  return out.join('');
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText } from './text-source';
import { isInsecureUrl, safeAttribute, urlScheme } from './url-filter';

/** Every attribute the brief names (and the filter checks) that takes a URL. */
const URL_NAMES = [
  'href',
  'HREF',
  'xlink:href',
  'src',
  'srcset',
  'action',
  'formaction',
  'poster',
  'background',
] as const;

/** What the browser's URL parser makes of an attribute value: its scheme, as `URL` reads it. */
function parsedScheme(value: string): string {
  return new URL(value, 'https://canvas.example/').protocol;
}

/** The same, where a URL that does not parse (it leads nowhere) reads as none. */
function schemeOrNone(value: string): string {
  return URL.canParse(value, 'https://canvas.example/') ? parsedScheme(value) : 'none';
}

const ALLOWED = new Set(['none', 'https:', 'http:', 'mailto:', 'tel:', 'sms:', 'cid:']);

/** One character of the source, written as itself or as any entity that decodes to it. */
function written(char: string): fc.Arbitrary<string> {
  const code = char.codePointAt(0) ?? 0;
  const named: Record<string, string[]> = {
    '\t': ['&Tab;'],
    '\n': ['&NewLine;'],
    ':': ['&colon;'],
  };
  return fc.constantFrom(
    char,
    `&#${String(code)};`,
    `&#${String(code)}`,
    `&#x${code.toString(16)};`,
    `&#X${code.toString(16).toUpperCase()};`,
    `&#000${String(code)};`,
    ...(named[char] ?? []),
  );
}

/** Characters the URL parser drops inside a URL (tab, LF, CR), written plainly or as entities. */
const dropped = fc.array(
  fc.constantFrom('\t', '\n', '\r', '&#9;', '&#10;', '&#13;', '&Tab;', '&NewLine;', '&#x0A;'),
  { maxLength: 2 },
);

/** What the parser strips before the scheme: spaces and C0 controls (NUL is refused by parse5). */
const leading = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 0x20 }).map((code) => String.fromCharCode(code)),
    fc.integer({ min: 1, max: 0x20 }).map((code) => `&#${String(code)};`),
  ),
  { maxLength: 3 },
);

/** `scheme:` with each letter in either case, written as itself or an entity, with drops between. */
function obfuscated(scheme: string): fc.Arbitrary<string> {
  const letters = Array.from(`${scheme}:`).map((char) =>
    fc
      .tuple(fc.boolean(), dropped)
      .chain(([upper, gaps]) =>
        written(upper ? char.toUpperCase() : char).map((shown) => gaps.join('') + shown),
      ),
  );
  return fc
    .tuple(leading, fc.tuple(...letters), fc.constantFrom('alert(1)', 'fetch(localStorage)', ''))
    .map(([lead, parts, rest]) => lead.join('') + parts.join('') + rest);
}

describe('canvas URL filter', () => {
  it('refuses every obfuscation of javascript: and vbscript: that the URL parser reads as one', () => {
    const scriptUrl = fc
      .constantFrom('javascript', 'vbscript')
      .chain((scheme) => obfuscated(scheme).map((source) => ({ scheme, source })));
    fc.assert(
      fc.property(scriptUrl, fc.constantFrom(...URL_NAMES), ({ scheme, source }, name) => {
        const value = decodeText(source);
        // The oracle: the standard URL parser (Node's, as Chromium's) reads this scheme.
        expect(parsedScheme(value)).toBe(`${scheme}:`);
        expect(safeAttribute(name, value)).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });

  it('lets through only what the URL parser reads as a web, mail or relative address', () => {
    const anyChar = fc.oneof(
      fc.constantFrom('j', 'a', 'v', 's', 'c', 'r', 'i', 'p', 't', ':', '/', 'h', 'd', '\t', ' '),
      fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
    );
    fc.assert(
      fc.property(
        fc.array(anyChar, { maxLength: 14 }),
        fc.constantFrom(...URL_NAMES),
        (chars, name) => {
          const value = chars.join('');
          if (safeAttribute(name, value)) expect(ALLOWED).toContain(schemeOrNone(value));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('checks every candidate of a srcset, and allows a data: URL only where it is a picture', () => {
    expect(safeAttribute('srcset', 'a.png 1x, https://x.example/b.png 2x')).toBe(true);
    expect(safeAttribute('srcset', 'a.png 1x, java\tscript:alert(1) 2x')).toBe(false);
    expect(safeAttribute('src', 'data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(safeAttribute('srcset', 'data:image/png;base64,iVBORw0KGgo= 2x')).toBe(true);
    expect(safeAttribute('href', 'data:text/html,<script>alert(1)</script>')).toBe(false);
    expect(safeAttribute('src', 'data:text/html,<script>alert(1)</script>')).toBe(false);
  });

  it('refuses handlers in any case, and keeps ordinary attributes and addresses', () => {
    expect(safeAttribute('ONCLICK', 'x()')).toBe(false);
    expect(safeAttribute('onmouseover', 'x()')).toBe(false);
    expect(safeAttribute('srcdoc', '<p>')).toBe(false);
    expect(safeAttribute('style', 'color: red')).toBe(true);
    expect(safeAttribute('title', 'javascript: is a word here')).toBe(true);
    expect(safeAttribute('href', 'https://example.com/a?b=c')).toBe(true);
    expect(safeAttribute('href', 'mailto:help@example.com')).toBe(true);
    expect(safeAttribute('href', '/orders/1')).toBe(true);
    expect(safeAttribute('href', '#top')).toBe(true);
    expect(safeAttribute('href', 'file:///etc/passwd')).toBe(false);
  });

  it('tells an http: address apart, however it is written', () => {
    expect(isInsecureUrl(decodeText(' HT&#9;TP://example.com/a.png'))).toBe(true);
    expect(isInsecureUrl('https://example.com/a.png')).toBe(false);
    expect(urlScheme('images/a.png')).toBeNull();
  });
});

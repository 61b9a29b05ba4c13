import { describe, expect, it } from 'vitest';
import { applyChange, decodeText, escapeText, textChange } from './text-source';

function edit(source: string, next: string): string {
  const change = textChange(source, { from: 0, to: source.length }, next);
  return change ? applyChange(source, change) : source;
}

describe('text source', () => {
  it('decodes entities as the browser does', () => {
    expect(decodeText('a &amp; b &lt;c&gt; &#39;d&#x27; &nbsp;&copy')).toBe(
      "a & b <c> 'd' \u00a0©",
    );
    expect(decodeText('a\r\nb')).toBe('a\nb');
  });

  it('escapes markup and the braces that would start Liquid', () => {
    expect(escapeText('<b> & {{ x }} {% y %} {a}')).toBe(
      '&lt;b&gt; &amp; &#123;{ x }} &#123;% y %} {a}',
    );
  });

  it('replaces only the changed run and keeps untouched entities as written', () => {
    const change = textChange(
      'Tom &amp; Jerry say hi',
      { from: 0, to: 22 },
      'Tom & Jerry say hello',
    );
    expect(change).toEqual({ from: 21, to: 22, insert: 'ello' });
    expect(edit('Tom &amp; Jerry', 'Tom & Jerry!')).toBe('Tom &amp; Jerry!');
    expect(edit('a &#39; b', 'a " b')).toBe('a " b');
  });

  it('returns null when the text is the same', () => {
    expect(textChange('a &amp; b', { from: 0, to: 9 }, 'a & b')).toBeNull();
  });

  it('never lets typed braces join a kept brace into Liquid', () => {
    expect(edit('{', '{{')).toBe('&#123;{');
    expect(edit('{x', '{{x')).toBe('&#123;{x');
  });

  it('stays inside its span', () => {
    const source = '<p>Hello</p>';
    expect(textChange(source, { from: 3, to: 8 }, 'Hi')).toEqual({ from: 4, to: 8, insert: 'i' });
  });
});

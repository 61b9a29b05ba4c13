import { describe, expect, it } from 'vitest';
import { darkDocument } from './dark-preview';

describe('darkDocument', () => {
  it('makes dark media queries match and light ones not', () => {
    const html =
      '<style>@media (prefers-color-scheme: dark){p{color:#fff}} @media (prefers-color-scheme:light){p{color:#000}}</style><p>Hi</p>';
    const dark = darkDocument(html);
    expect(dark).toContain('@media (min-width: 0px){p{color:#fff}}');
    expect(dark).toContain('@media (max-width: 0px){p{color:#000}}');
    expect(dark).not.toMatch(/prefers-color-scheme/);
  });

  it('sets a dark canvas after the doctype, keeping standards mode', () => {
    const dark = darkDocument('<!DOCTYPE html><html><body>x</body></html>');
    expect(dark.startsWith('<!DOCTYPE html><style data-dark-preview>')).toBe(true);
    expect(dark).toContain('color-scheme:dark');
  });

  it('sets a dark canvas on a fragment too', () => {
    expect(darkDocument('<p>x</p>')).toMatch(/^<style data-dark-preview>.*<p>x<\/p>$/);
  });
});

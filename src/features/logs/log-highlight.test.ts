import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { highlightSegments, queryTerms } from './log-highlight';

describe('queryTerms', () => {
  it('keeps words and quoted phrases, drops the level operator', () => {
    expect(queryTerms('level:error "payment failed" Timeout')).toEqual([
      'payment failed',
      'timeout',
    ]);
    expect(queryTerms('level>=error mylevel:x')).toEqual(['mylevel:x']);
  });

  it('is empty for nothing to look for', () => {
    expect(queryTerms(undefined)).toEqual([]);
    expect(queryTerms('   ')).toEqual([]);
    expect(queryTerms('level:warn')).toEqual([]);
    expect(queryTerms('LEVEL>=Warn level>=error')).toEqual([]);
    expect(queryTerms('""')).toEqual([]);
  });

  it('removes duplicates regardless of case and sorts longest first', () => {
    expect(queryTerms('ab ABC ab')).toEqual(['abc', 'ab']);
  });

  it('accepts an unterminated quote as a phrase', () => {
    expect(queryTerms('"disk full')).toEqual(['disk full']);
  });
});

describe('highlightSegments', () => {
  it('marks every case-insensitive occurrence', () => {
    expect(highlightSegments('Timeout after timeout', ['timeout'])).toEqual([
      { text: 'Timeout', match: true },
      { text: ' after ', match: false },
      { text: 'timeout', match: true },
    ]);
  });

  it('prefers the longer of two overlapping terms', () => {
    expect(highlightSegments('paymentfailed', queryTerms('pay payment'))).toEqual([
      { text: 'payment', match: true },
      { text: 'failed', match: false },
    ]);
  });

  it('treats regular expression characters literally', () => {
    expect(highlightSegments('a.b axb (x)', ['a.b', '(x)'])).toEqual([
      { text: 'a.b', match: true },
      { text: ' axb ', match: false },
      { text: '(x)', match: true },
    ]);
  });

  it('returns the text whole without terms', () => {
    expect(highlightSegments('hello', [])).toEqual([{ text: 'hello', match: false }]);
  });

  it('always reassembles to the original text, and marks only terms', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 4 }),
        (text, rawTerms) => {
          const terms = [...new Set(rawTerms.map((t) => t.toLowerCase()))].sort(
            (a, b) => b.length - a.length,
          );
          const segments = highlightSegments(text, terms);
          expect(segments.map((s) => s.text).join('')).toBe(text);
          for (const segment of segments) {
            if (segment.match) {
              expect(terms.some((t) => t === segment.text.toLowerCase())).toBe(true);
            }
          }
        },
      ),
    );
  });
});

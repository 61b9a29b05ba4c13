import { describe, expect, it } from 'vitest';
import { clippingFindings, subjectFindings, textPartFindings } from './rendered-checks';

describe('subject', () => {
  it('is empty when it prints only white space', () => {
    expect(subjectFindings('  \n ', 'Empty order').map((f) => f.check)).toEqual(['subject_empty']);
  });
  it('is too long past 78 characters, and fine at 78', () => {
    expect(subjectFindings('x'.repeat(79), 'Long').map((f) => f.check)).toEqual([
      'subject_too_long',
    ]);
    expect(subjectFindings('x'.repeat(78), 'Long')).toEqual([]);
  });
});

describe("Gmail's clipping", () => {
  it('warns over 102 kB and not at it', () => {
    expect(clippingFindings('x'.repeat(102 * 1024 + 1), 'Many lines').map((f) => f.check)).toEqual([
      'gmail_clipping',
    ]);
    expect(clippingFindings('x'.repeat(102 * 1024), 'Many lines')).toEqual([]);
  });
});

describe('text part', () => {
  it('is missing when the HTML is on and the text empty', () => {
    expect(textPartFindings(' ', true).map((f) => f.check)).toEqual(['text_missing']);
  });
  it('is not asked for a text-only mail, nor when there is text', () => {
    expect(textPartFindings('', false)).toEqual([]);
    expect(textPartFindings('Hi', true)).toEqual([]);
  });
});

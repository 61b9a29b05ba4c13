import { describe, expect, it } from 'vitest';
import {
  clippingFindings,
  subjectFindings,
  textOlderThanHtmlFindings,
  textPartFindings,
} from './rendered-checks';

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

describe('text older than the HTML', () => {
  it('warns when the latest change touched the HTML and left the text', () => {
    expect(
      textOlderThanHtmlFindings([['subject'], ['html'], ['text', 'html']], 'Hi', true).map(
        (finding) => finding.check,
      ),
    ).toEqual(['text_older_than_html']);
  });

  it('says nothing when the text changed last or with it, without history, text or HTML', () => {
    expect(textOlderThanHtmlFindings([['text'], ['html']], 'Hi', true)).toEqual([]);
    expect(textOlderThanHtmlFindings([['html', 'text']], 'Hi', true)).toEqual([]);
    expect(textOlderThanHtmlFindings([], 'Hi', true)).toEqual([]);
    expect(textOlderThanHtmlFindings([['html']], '  ', true)).toEqual([]);
    expect(textOlderThanHtmlFindings([['html']], 'Hi', false)).toEqual([]);
  });
});

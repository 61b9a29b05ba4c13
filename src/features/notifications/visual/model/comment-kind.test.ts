import { describe, expect, it } from 'vitest';
import { commentKind, commentLabel } from './comment-kind';

describe('HTML comment kinds', () => {
  it("tells Outlook's conditional comments from plain ones", () => {
    expect(commentKind('<!--[if mso | IE]><table><tr><td><![endif]-->')).toBe('outlook');
    expect(commentKind('<!--[if gte mso 9]><xml></xml><![endif]-->')).toBe('outlook');
    expect(commentKind('<!--[if !mso]><!-->')).toBe('not-outlook');
    expect(commentKind('<!--[if !mso 9]><!-- -->')).toBe('not-outlook');
    expect(commentKind('<!--<![endif]-->')).toBe('condition-end');
    expect(commentKind('<!-- a note -->')).toBe('plain');
    expect(commentKind('<!-- [if mso] is how Outlook is targeted -->')).toBe('plain');
  });

  it('names every marker as a comment', () => {
    expect(commentLabel('outlook')).toEqual({
      shown: 'Outlook only',
      name: 'HTML comment, Outlook only',
    });
    expect(commentLabel('plain').name).toBe('HTML comment');
  });
});

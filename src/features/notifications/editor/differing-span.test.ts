import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { differingSpan } from './differing-span';

function apply(text: string, change: { from: number; to: number; insert: string }): string {
  return text.slice(0, change.from) + change.insert + text.slice(change.to);
}

describe('differingSpan', () => {
  it('changes only the span between the common start and end', () => {
    expect(differingSpan('<p>Hello Ada</p>', '<p>Hello Bob</p>')).toEqual({
      from: 9,
      to: 12,
      insert: 'Bob',
    });
    expect(differingSpan('same', 'same')).toEqual({ from: 4, to: 4, insert: '' });
    expect(differingSpan('', 'new')).toEqual({ from: 0, to: 0, insert: 'new' });
    // A repeated letter at the seam is not counted twice.
    expect(differingSpan('aa', 'aaa')).toEqual({ from: 2, to: 2, insert: 'a' });
  });

  it('turns any text into any other, within both', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (from, to) => {
        const change = differingSpan(from, to);
        expect(apply(from, change)).toBe(to);
        expect(change.from).toBeLessThanOrEqual(change.to);
        expect(change.to).toBeLessThanOrEqual(from.length);
      }),
    );
  });
});

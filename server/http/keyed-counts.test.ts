import { describe, expect, it } from 'vitest';
import { KeyedCounts } from './keyed-counts';

describe('KeyedCounts', () => {
  it('counts each key apart and all together', () => {
    const counts = new KeyedCounts<string>();
    counts.add('a');
    counts.add('a');
    counts.add('b');
    expect([counts.of('a'), counts.of('b'), counts.of('c')]).toEqual([2, 1, 0]);
    expect(counts.total()).toBe(3);
  });

  it('forgets a key that holds nothing, and never counts below zero', () => {
    const counts = new KeyedCounts<number>();
    counts.add(7);
    counts.remove(7);
    counts.remove(7);
    expect(counts.of(7)).toBe(0);
    expect(counts.size()).toBe(0);
    counts.add(7);
    expect(counts.of(7)).toBe(1);
  });
});

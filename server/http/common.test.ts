import { describe, expect, it } from 'vitest';
import { sameJson } from './common';

describe('sameJson', () => {
  it('treats the same keys in another order as the same value, at any depth', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(
      sameJson(
        { privacy_policy_url: { nl: 'https://x.nl', en: 'https://x.com' }, kind: 'url' },
        { kind: 'url', privacy_policy_url: { en: 'https://x.com', nl: 'https://x.nl' } },
      ),
    ).toBe(true);
    expect(sameJson([{ y: 1, x: [2, { q: 1, p: 0 }] }], [{ x: [2, { p: 0, q: 1 }], y: 1 }])).toBe(
      true,
    );
  });

  it('still tells different values apart; array order counts', () => {
    expect(sameJson({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson('1', 1)).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { forEachMember, memberTextAt, scanMembers, SCAN_DONE } from './json-members';

/** What JSON.parse says: the members' keys in order (duplicates once, last wins) and values. */
function members(text: string): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  forEachMember(text, (key, start, end) => seen.push([key, JSON.parse(text.slice(start, end))]));
  return seen;
}

describe('json-members', () => {
  it("finds an object's members as JSON.parse reads them, whatever their keys and values", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 3 })),
        fc.boolean(),
        (object, spaced) => {
          const text = JSON.stringify(object, null, spaced ? 2 : undefined);
          expect(Object.fromEntries(members(text))).toEqual(JSON.parse(text));
          expect(members(text).map(([key]) => key)).toEqual(
            Object.keys(JSON.parse(text) as object),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('says no for a text that is not an object', () => {
    for (const text of ['"text"', '[1,2]', '12', 'null', 'not json', '{"a":1', '{"a" 1}', '{}x']) {
      expect(
        forEachMember(text, () => undefined),
        text,
      ).toBe(false);
    }
    expect(forEachMember(' { } ', () => undefined)).toBe(true);
  });

  it('goes on from where it stopped, a part of the members at a time', () => {
    const text = JSON.stringify(
      Object.fromEntries(Array.from({ length: 10 }, (_, n) => [`k${String(n)}`, n])),
    );
    const keys: string[] = [];
    let at = 0;
    let parts = 0;
    do {
      at = scanMembers(text, at, 3, (key) => keys.push(key));
      parts += 1;
    } while (at > 0);
    expect(at).toBe(SCAN_DONE);
    expect(parts).toBe(4);
    expect(keys).toEqual(Array.from({ length: 10 }, (_, n) => `k${String(n)}`));
  });

  it('reads the value at a dotted path', () => {
    const text = JSON.stringify({ http: { status: 500, 'a"b': 'x' }, 'd.e': 1 });
    expect(memberTextAt(text, ['http', 'status'])).toBe('500');
    expect(memberTextAt(text, ['http', 'a"b'])).toBe('"x"');
    expect(memberTextAt(text, ['http', 'missing'])).toBeUndefined();
    expect(memberTextAt(text, ['d', 'e'])).toBeUndefined();
  });
});

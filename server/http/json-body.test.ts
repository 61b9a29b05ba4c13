import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from './json-body';

/** The scan before strings were skipped with indexOf: character by character. */
function referenceDeeperThan(json: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i += 1) {
    const char = json[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{' || char === '[') {
      depth += 1;
      if (depth > max) return true;
    } else if (char === '}' || char === ']') {
      depth -= 1;
    }
  }
  return false;
}

/** JSON texts, and texts made of JSON's own characters (runs of backslashes and quotes). */
const textArb = fc.oneof(
  fc.jsonValue({ maxDepth: 6 }).map((value) => JSON.stringify(value)),
  fc
    .array(fc.constantFrom('"', '\\', '\\\\', '\\"', '[', ']', '{', '}', 'a', ':', ','), {
      maxLength: 40,
    })
    .map((parts) => parts.join('')),
);

describe('nestedDeeperThan', () => {
  it('answers as the character-by-character scan does, for any text and bound', () => {
    fc.assert(
      fc.property(textArb, fc.integer({ min: 0, max: 7 }), (text, max) => {
        expect(nestedDeeperThan(text, max)).toBe(referenceDeeperThan(text, max));
      }),
      { numRuns: 5000 },
    );
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(nestedDeeperThan('{"a":"[[[\\"[[["}', 1)).toBe(false);
    expect(nestedDeeperThan('{"a\\\\":[[1]]}', 2)).toBe(true);
    expect(nestedDeeperThan('["\\\\\\"[", [2]]', 1)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_CHANGE_VALUE_BYTES } from '../../../contract/schemas/audit';
import { boundedValue, fieldChanges } from './revision-changes';

describe('fieldChanges', () => {
  it('lists only changed fields, nested ones by dotted path', () => {
    expect(
      fieldChanges(
        { name: 'a', tags: ['x'], translations: { nl: { html: '<p>a</p>', text: 't' } } },
        { name: 'a', tags: ['x', 'y'], translations: { nl: { html: '<p>b</p>', text: 't' } } },
      ),
    ).toEqual([
      { field: 'tags', before: ['x'], after: ['x', 'y'] },
      { field: 'translations.nl.html', before: '<p>a</p>', after: '<p>b</p>' },
    ]);
  });

  it('gives null for a side where the field does not exist', () => {
    expect(fieldChanges({ translations: {} }, { translations: { fr: { subject: 'S' } } })).toEqual([
      { field: 'translations.fr.subject', before: null, after: 'S' },
    ]);
  });

  it('does not see key order as a change', () => {
    expect(fieldChanges({ a: [{ x: 1, y: 2 }] }, { a: [{ y: 2, x: 1 }] })).toEqual([]);
  });
});

describe('boundedValue', () => {
  it('keeps small values and cuts large ones on a character boundary, with the size', () => {
    expect(boundedValue('short')).toEqual({ value: 'short' });
    const big = 'é'.repeat(MAX_CHANGE_VALUE_BYTES);
    const cut = boundedValue(big);
    expect(cut.size).toBe(new TextEncoder().encode(JSON.stringify(big)).length);
    expect(typeof cut.value).toBe('string');
    expect(big.startsWith(cut.value as string)).toBe(true);
    expect(new TextEncoder().encode(cut.value as string).length).toBeLessThanOrEqual(
      MAX_CHANGE_VALUE_BYTES,
    );
  });
});

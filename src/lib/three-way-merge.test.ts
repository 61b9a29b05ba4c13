import { describe, expect, it } from 'vitest';
import { findConflicts, mergeThreeWay, type ThreeWayOptions } from './three-way-merge';

interface Values {
  name: string;
  url: string;
  sdk_version: string;
  internal: boolean;
  scopes: string[];
}

const base: Values = {
  name: 'Analytics',
  url: 'https://analytics.example.com',
  sdk_version: '1.0.0',
  internal: false,
  scopes: ['read_orders'],
};

const sameSet = (a: string[], b: string[]) =>
  new Set(a).size === new Set(b).size && a.every((item) => b.includes(item));
const options: ThreeWayOptions<Values> = { equals: { scopes: sameSet } };

describe('findConflicts', () => {
  it('lists only fields both sides changed to different values', () => {
    const theirs = { ...base, name: 'Their name', url: 'https://their.example.com' };
    const yours = { ...base, name: 'My name', sdk_version: '1.1.0' };
    expect(findConflicts(base, theirs, yours, options)).toEqual([
      { field: 'name', theirs: 'Their name', yours: 'My name' },
    ]);
  });

  it('finds none when each side changed other fields', () => {
    const theirs = { ...base, url: 'https://their.example.com' };
    const yours = { ...base, sdk_version: '1.1.0' };
    expect(findConflicts(base, theirs, yours, options)).toEqual([]);
  });

  it('ignores fields changed to the same value on both sides, with the field equality', () => {
    const theirs = { ...base, name: 'Same', scopes: ['read_logs', 'read_orders'] };
    const yours = { ...base, name: 'Same', scopes: ['read_orders', 'read_logs'] };
    expect(findConflicts(base, theirs, yours, options)).toEqual([]);
    // Without the set equality the differently ordered lists are a conflict.
    expect(findConflicts(base, theirs, yours).map((c) => c.field)).toEqual(['scopes']);
  });

  it('follows the given field list and its order', () => {
    const theirs = { ...base, name: 'T', url: 'https://t.example' };
    const yours = { ...base, name: 'Y', url: 'https://y.example' };
    expect(
      findConflicts(base, theirs, yours, { fields: ['url', 'name'] }).map((c) => c.field),
    ).toEqual(['url', 'name']);
    expect(findConflicts(base, theirs, yours, { fields: ['url'] }).map((c) => c.field)).toEqual([
      'url',
    ]);
  });

  it('treats a key one side lacks as a change, reported as undefined', () => {
    const flatBase: Record<string, string> = { en: '/privacy', nl: '/nl/privacy' };
    const theirs = { en: '/privacy', nl: '/nl/new' };
    const yours = { en: '/privacy' };
    expect(findConflicts(flatBase, theirs, yours)).toEqual([
      { field: 'nl', theirs: '/nl/new', yours: undefined },
    ]);
    expect(findConflicts(flatBase, yours, yours)).toEqual([]);
  });
});

describe('mergeThreeWay', () => {
  const theirs = { ...base, name: 'Their name', url: 'https://their.example.com' };
  const yours = { ...base, name: 'My name', sdk_version: '1.1.0' };

  it('overwrite: your changes win, their other changes stay', () => {
    expect(mergeThreeWay(base, theirs, yours, {}, options)).toEqual({
      ...base,
      name: 'My name',
      url: 'https://their.example.com',
      sdk_version: '1.1.0',
    });
  });

  it('merge: takes each conflicting field from the chosen side', () => {
    expect(
      mergeThreeWay(base, theirs, yours, { name: 'theirs', sdk_version: 'yours' }, options),
    ).toEqual({
      ...base,
      name: 'Their name',
      url: 'https://their.example.com',
      sdk_version: '1.1.0',
    });
  });

  it('a choice of theirs for a field that is no conflict keeps your change', () => {
    expect(mergeThreeWay(base, theirs, yours, { sdk_version: 'theirs' }, options)).toMatchObject({
      sdk_version: '1.1.0',
    });
  });

  it('keeps their other changes and yours; conflicts follow the choice (text fields)', () => {
    const b = { name: 'N', description: 'D', subject: 'S', text: 'T', html_enabled: true };
    const mine = { ...b, subject: 'S mine', text: 'T mine' };
    const their = { ...b, subject: 'S theirs', description: 'D theirs' };
    expect(findConflicts(b, their, mine).map((c) => c.field)).toEqual(['subject']);
    expect(findConflicts(b, { ...their, subject: 'S mine' }, mine)).toEqual([]);
    expect(mergeThreeWay(b, their, mine)).toEqual({
      ...b,
      subject: 'S mine',
      text: 'T mine',
      description: 'D theirs',
    });
    expect(mergeThreeWay(b, their, mine, { subject: 'theirs' })).toEqual({
      ...b,
      subject: 'S theirs',
      text: 'T mine',
      description: 'D theirs',
    });
  });

  it('does not share arrays with its inputs', () => {
    const merged = mergeThreeWay(base, theirs, yours, {}, options);
    expect(merged.scopes).toEqual(theirs.scopes);
    expect(merged.scopes).not.toBe(theirs.scopes);
    const mine = { ...base, scopes: ['read_logs'] };
    expect(mergeThreeWay(base, base, mine).scopes).not.toBe(mine.scopes);
  });

  it('removes a key you removed and adds one you added', () => {
    const flatBase: Record<string, string> = { en: '/privacy', nl: '/nl/privacy' };
    const their = { en: '/theirs', nl: '/nl/privacy' };
    const mine: Record<string, string> = { en: '/yours', de: '/de' };
    expect(mergeThreeWay(flatBase, their, mine)).toEqual({ en: '/yours', de: '/de' });
    expect(mergeThreeWay(flatBase, their, mine, { en: 'theirs' })).toEqual({
      en: '/theirs',
      de: '/de',
    });
  });
});

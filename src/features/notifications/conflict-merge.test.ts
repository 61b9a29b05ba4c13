import { describe, expect, it } from 'vitest';
import { conflictingFields, mergeVersions } from './conflict-merge';

const base = {
  name: 'N',
  description: 'D',
  subject: 'S',
  text: 'T',
  html: 'H',
  html_enabled: true,
};

describe('three-way merge after a 412', () => {
  const mine = { ...base, subject: 'S mine', text: 'T mine' };
  const theirs = { ...base, subject: 'S theirs', description: 'D theirs' };

  it('asks only about fields both sides changed differently', () => {
    expect(conflictingFields(base, mine, theirs)).toEqual(['subject']);
    expect(conflictingFields(base, mine, { ...theirs, subject: 'S mine' })).toEqual([]);
  });

  it('keeps their other changes and my other changes; conflicts follow the choice', () => {
    expect(mergeVersions(base, mine, theirs, {})).toEqual({
      ...base,
      subject: 'S mine',
      text: 'T mine',
      description: 'D theirs',
    });
    expect(mergeVersions(base, mine, theirs, { subject: 'theirs' })).toEqual({
      ...base,
      subject: 'S theirs',
      text: 'T mine',
      description: 'D theirs',
    });
  });
});

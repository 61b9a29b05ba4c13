import { describe, expect, it } from 'vitest';
import { findConflicts, mergeValues } from './conflict-merge';
import type { AppFormValues } from './app-form-values';

const base: AppFormValues = {
  name: 'Analytics',
  url: 'https://analytics.example.com',
  domain: 'analytics.example.com',
  callback_url: 'https://analytics.example.com/cb',
  internal: false,
  install_scopes: ['read_orders'],
  sdk_version: '1.0.0',
};

describe('findConflicts', () => {
  it('lists only fields both sides changed to different values', () => {
    const theirs = { ...base, name: 'Their name', url: 'https://their.example.com' };
    const yours = { ...base, name: 'My name', sdk_version: '1.1.0' };
    expect(findConflicts(base, theirs, yours)).toEqual([
      { field: 'name', theirs: 'Their name', yours: 'My name' },
    ]);
  });

  it('finds none when each side changed other fields', () => {
    const theirs = { ...base, url: 'https://their.example.com' };
    const yours = { ...base, sdk_version: '1.1.0' };
    expect(findConflicts(base, theirs, yours)).toEqual([]);
  });

  it('ignores fields changed to the same value on both sides, scopes as sets', () => {
    const theirs: AppFormValues = {
      ...base,
      name: 'Same',
      install_scopes: ['read_logs', 'read_orders'],
    };
    const yours: AppFormValues = {
      ...base,
      name: 'Same',
      install_scopes: ['read_orders', 'read_logs'],
    };
    expect(findConflicts(base, theirs, yours)).toEqual([]);
  });
});

describe('mergeValues', () => {
  const theirs = { ...base, name: 'Their name', url: 'https://their.example.com' };
  const yours = { ...base, name: 'My name', sdk_version: '1.1.0' };

  it('overwrite: your changes win, their other changes stay', () => {
    expect(mergeValues(base, theirs, yours)).toEqual({
      ...base,
      name: 'My name',
      url: 'https://their.example.com',
      sdk_version: '1.1.0',
    });
  });

  it('merge: takes each conflicting field from the chosen side', () => {
    expect(mergeValues(base, theirs, yours, { name: 'theirs', sdk_version: 'yours' })).toEqual({
      ...base,
      name: 'Their name',
      url: 'https://their.example.com',
      sdk_version: '1.1.0',
    });
  });

  it('does not share arrays with its inputs', () => {
    const merged = mergeValues(base, theirs, yours);
    expect(merged.install_scopes).not.toBe(theirs.install_scopes);
  });
});

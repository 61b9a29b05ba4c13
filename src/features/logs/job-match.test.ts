import { describe, expect, it } from 'vitest';
import { jobFilterWords, jobOptionLabel, jobOptions } from './job-match';

describe('jobOptions', () => {
  const known = ['sync-inventory', 'nightly-report', 'resync'];

  it('offers "starts with" and "contains" the text first, then the matching jobs', () => {
    expect(jobOptions(known, ' sync ').map(jobOptionLabel)).toEqual([
      'Starts with “sync”',
      'Contains “sync”',
      'sync-inventory',
      'resync',
    ]);
  });

  it('offers only the jobs when nothing is typed', () => {
    expect(jobOptions(known, '')).toEqual(known.map((name) => ({ kind: 'exact', name })));
  });
});

describe('jobFilterWords', () => {
  it('says the mode in words', () => {
    expect(jobFilterWords('sync', 'prefix')).toBe('jobs starting with “sync”');
    expect(jobFilterWords('sync', 'contains')).toBe('jobs containing “sync”');
    expect(jobFilterWords('sync-inventory', undefined)).toBe('job “sync-inventory” exactly');
    expect(jobFilterWords(' ', 'prefix')).toBeNull();
  });
});

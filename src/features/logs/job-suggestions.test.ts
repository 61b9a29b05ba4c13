import { describe, expect, it } from 'vitest';
import type { AppLogEntry } from '../../../contract/schemas/app-log';
import { jobsInEntries, MAX_JOB_SUGGESTIONS, suggestJobs } from './job-suggestions';

function entry(id: string, context: AppLogEntry['context']): AppLogEntry {
  return { id, level: 'info', data: 'x', context, created_at: '2026-11-21T00:00:00Z', time: 1 };
}

describe('suggestJobs', () => {
  const jobs = ['sync-inventory', 'nightly-report', 'resync', 'Sync-Prices'];

  it('matches substrings in any case, names starting with the text first', () => {
    expect(suggestJobs(jobs, 'sync')).toEqual(['sync-inventory', 'Sync-Prices', 'resync']);
    expect(suggestJobs(jobs, 'REPORT')).toEqual(['nightly-report']);
    expect(suggestJobs(jobs, 'nothing')).toEqual([]);
  });

  it('offers every job for empty text, each once, and at most a screenful', () => {
    expect(suggestJobs([...jobs, 'resync'], '  ')).toEqual([
      'sync-inventory',
      'nightly-report',
      'resync',
      'Sync-Prices',
    ]);
    const many = Array.from({ length: 40 }, (_, n) => `job-${n}`);
    expect(suggestJobs(many, 'job')).toHaveLength(MAX_JOB_SUGGESTIONS);
  });

  it('has nothing to offer once the text is the one matching job', () => {
    expect(suggestJobs(jobs, 'resync')).toEqual([]);
    // …but a name that is also part of others still offers them.
    expect(suggestJobs(['sync', 'sync-inventory'], 'sync')).toEqual(['sync', 'sync-inventory']);
  });
});

describe('jobsInEntries', () => {
  it('reads job names (object or string form) from the entries, each once', () => {
    expect(
      jobsInEntries([
        entry('1', { job: { name: 'a' } }),
        entry('2', { job: 'b' }),
        entry('3', null),
        entry('4', { job: { name: 'a' } }),
      ]),
    ).toEqual(['a', 'b']);
  });
});

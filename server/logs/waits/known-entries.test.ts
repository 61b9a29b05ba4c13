// What a follow of waiting tails keeps in memory (issue 42): a count of entries alone let a follow
// of 1 MiB entries hold 5 × limit of them (gigabytes at a limit of 1,000); the characters of their
// JSON are bounded too, and what is dropped is only what no request can still be answered from.
import { describe, expect, it } from 'vitest';
import type { LogCommit, PageEntry } from '../store/app-logs-page';
import { cutPage, knownAfter, knownFrom, trimKnown } from './known-entries';

const entry = (timeUs: number, chars: number): PageEntry => ({
  timeUs,
  json: `"${'x'.repeat(chars - 2)}"`,
});

describe('known entries of a follow', () => {
  it('count the characters they hold, from the tail read and from each commit', () => {
    const known = knownFrom(1, 2, [entry(1, 10), entry(2, 20)]);
    expect(known.chars).toBe(30);
    const commit: LogCommit = {
      previousUs: 2,
      rows: [3, 4].map((timeUs) => ({ ...entry(timeUs, 5), level: 30, job: null, search: '' })),
    };
    knownAfter(known, commit, { limit: 100 });
    expect(known.chars).toBe(40);
    expect(known.toUs).toBe(4);
  });

  it('are trimmed to a number of characters as well as of entries, the newest kept', () => {
    const known = knownFrom(
      1,
      5,
      [1, 2, 3, 4, 5].map((timeUs) => entry(timeUs, 10)),
    );
    trimKnown(known, 100, 25);
    expect(known.entries.map((each) => each.timeUs)).toEqual([4, 5]);
    expect(known.chars).toBe(20);
    expect(known.fromUs).toBe(4);
    // A request from a time still known is answered from memory; from before, it is not.
    expect(cutPage(known, 4, 10).count).toBe(2);
    trimKnown(known, 1, 1_000);
    expect(known.entries.map((each) => each.timeUs)).toEqual([5]);
    expect(known.chars).toBe(10);
  });

  it('never drop the newest entry, however large', () => {
    const known = knownFrom(1, 2, [entry(1, 50), entry(2, 50)]);
    trimKnown(known, 100, 10);
    expect(known.entries.map((each) => each.timeUs)).toEqual([2]);
    expect(known.fromUs).toBe(2);
  });
});

import { describe, expect, it } from 'vitest';
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import {
  appendNewer,
  emptyBuffer,
  holds,
  paused,
  prependOlder,
  resumed,
  withEntries,
} from './tail-buffer';

function entry(id: string, time: number): AppLogEntry {
  return { id, time, level: 'info', data: {}, context: null, created_at: '' };
}

const ids = (entries: readonly AppLogEntry[]) => entries.map((item) => item.id);

describe('tail buffer', () => {
  it('knows an id by its time, also among many entries sharing one time', () => {
    const buffer = withEntries(emptyBuffer(100), [
      entry('a', 1),
      entry('b', 2),
      entry('c', 2),
      entry('d', 2),
      entry('e', 3),
    ]);
    expect(holds(buffer, entry('d', 2))).toBe(true);
    expect(holds(buffer, entry('a', 1))).toBe(true);
    expect(holds(buffer, entry('e', 3))).toBe(true);
    expect(holds(buffer, entry('x', 2))).toBe(false);
    expect(holds(buffer, entry('a', 0))).toBe(false);
    expect(holds(buffer, entry('z', 9))).toBe(false);
  });

  it('keeps the newest maxEntries and counts what dropped out', () => {
    let buffer = withEntries(emptyBuffer(3), [entry('a', 1), entry('b', 2)]);
    buffer = appendNewer(buffer, [entry('c', 3), entry('d', 4)]);
    expect(ids(buffer.entries)).toEqual(['b', 'c', 'd']);
    expect(buffer.droppedCount).toBe(1);
    expect(buffer.appended).toBe(2);
    expect(holds(buffer, entry('a', 1))).toBe(false);
  });

  it('prepends only as many older entries as there is room for, the newest of them', () => {
    const buffer = withEntries(emptyBuffer(4), [entry('c', 3), entry('d', 4)]);
    const { buffer: next, kept } = prependOlder(buffer, [
      entry('x', 0),
      entry('a', 1),
      entry('b', 2),
    ]);
    expect(ids(kept)).toEqual(['a', 'b']);
    expect(ids(next.entries)).toEqual(['a', 'b', 'c', 'd']);
    expect(next.droppedCount).toBe(0);
  });

  it('holds new entries back while paused, bounded, and counts the overflow once resumed', () => {
    let buffer = paused(withEntries(emptyBuffer(3), [entry('a', 1)]));
    buffer = appendNewer(buffer, [entry('b', 2), entry('c', 3), entry('d', 4), entry('e', 5)]);
    expect(ids(buffer.entries)).toEqual(['a']);
    expect(ids(buffer.pending)).toEqual(['c', 'd', 'e']);
    expect(holds(buffer, entry('d', 4))).toBe(true);
    buffer = resumed(buffer);
    expect(ids(buffer.entries)).toEqual(['c', 'd', 'e']);
    expect(buffer.pending).toEqual([]);
    // 'b' never reached the list, 'a' was pushed out by the resumed ones.
    expect(buffer.droppedCount).toBe(2);
    expect(buffer.appended).toBe(3);
  });

  it('never changes the buffer it was given', () => {
    const before = withEntries(emptyBuffer(2), [entry('a', 1)]);
    const copy = structuredClone(before);
    appendNewer(before, [entry('b', 2), entry('c', 3)]);
    prependOlder(before, [entry('x', 0)]);
    resumed(appendNewer(paused(before), [entry('d', 4)]));
    expect(before).toEqual(copy);
  });
});

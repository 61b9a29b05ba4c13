import { describe, expect, it } from 'vitest';
import type { LogVolume } from '../../../contract/schemas/app-log-volume';
import { countedSinceNote, volumeQueryFor, zoomSearch } from './log-volume';
import { formatLogTime } from './log-format';

describe('volumeQueryFor', () => {
  it('charts the last hour in minutes while live, up to the end of this minute', () => {
    expect(volumeQueryFor({ level: 'error', q: 'boom' }, 1_000_030)).toEqual({
      level: 'error',
      q: 'boom',
      since: 1_000_080 - 3600,
      before: 1_000_080,
      buckets: 60,
    });
  });

  it('charts a preset up to this minute’s end and a shared range as it is', () => {
    expect(volumeQueryFor({ range: '24h' }, 1_000_000)).toMatchObject({
      since: 1_000_020 - 86_400,
      before: 1_000_020,
    });
    expect(
      volumeQueryFor({ range: 'custom', since: '2026-11-21T00:00:00Z', before: 1_795_300_000 }, 0),
    ).toEqual({ since: Date.UTC(2026, 10, 21) / 1000, before: 1_795_300_000, buckets: 60 });
  });
});

describe('zoomSearch', () => {
  it('zooms to a custom range in order', () => {
    expect(zoomSearch(20.12345, 10)).toEqual({ range: 'custom', since: 10, before: 20.123 });
  });
});

describe('countedSinceNote', () => {
  const volume: LogVolume = {
    since: 1_000_000,
    before: 1_003_600,
    bucket_seconds: 600,
    buckets: [],
  };

  it('says nothing when every bucket was counted', () => {
    expect(countedSinceNote(volume)).toBeNull();
  });

  it('says from when a bounded count holds (decision 076)', () => {
    const note = countedSinceNote({ ...volume, counted_since: 1_003_000 });
    expect(note).toContain('count only the newest entries');
    expect(note).toContain(formatLogTime(1_003_000, false).slice(0, 16));
  });
});

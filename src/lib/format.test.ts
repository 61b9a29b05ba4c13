import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './format';

describe('format', () => {
  const now = Date.parse('2026-11-21T06:00:00Z');
  it('formats relative times in the past and future', () => {
    expect(formatRelativeTime('2026-11-21T05:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-21T08:00:00Z', now)).toBe('in 2 hours');
    expect(formatRelativeTime('2026-11-21T06:00:03Z', now)).toBe('just now');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
  it('formats absolute times, in UTC on request', () => {
    expect(formatDateTime('2026-11-21T06:00:00Z', { utc: true })).toBe('21 Nov 2026, 06:00');
  });
});

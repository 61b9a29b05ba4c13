import { describe, expect, it } from 'vitest';
import { describeTiming } from './describe-timing';

describe('describeTiming', () => {
  it.each([
    ['0 3 * * *', 'every day at 03:00'],
    ['*/15 * * * *', 'every 15 minutes'],
    ['* * * * *', 'every minute'],
    ['0 * * * *', 'every hour, on the hour'],
    ['5 * * * *', 'every hour at 05 past'],
    ['0 */6 * * *', 'every 6 hours, on the hour'],
    ['30 2 * * 1', 'every Monday at 02:30'],
    ['0 7 * * 7', 'every Sunday at 07:00'],
    ['5 4 * * 1-5', 'every weekday (Monday to Friday) at 04:05'],
    ['0 0 1 * *', 'every month on day 1 at 00:00'],
    ['@daily', 'every day at 00:00'],
    ['@hourly', 'every hour, on the hour'],
  ])('%s → %s', (timing, words) => {
    expect(describeTiming(timing)).toBe(words);
  });

  it('falls back to a full description for other cron shapes', () => {
    expect(describeTiming('0 9,17 * * *')).toBe('At 09:00 and 17:00');
    expect(describeTiming('0 0 1 1 *')).toMatch(/January/);
  });

  it('returns null for anything that is not cron', () => {
    expect(describeTiming('every 5m')).toBeNull();
    expect(describeTiming('run it every day please')).toBeNull();
    expect(describeTiming('')).toBeNull();
    expect(describeTiming('99 99 * * *')).toBeNull();
  });
});

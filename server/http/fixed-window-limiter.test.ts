import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './fixed-window-limiter';

describe('FixedWindowLimiter', () => {
  it('allows the limit per window and names the wait after it', () => {
    let now = 1_000_000;
    const limiter = new FixedWindowLimiter(2, 60_000, () => now);
    expect(limiter.take('1')).toBe(0);
    now += 10_000;
    expect(limiter.take('1')).toBe(0);
    now += 5_000;
    expect(limiter.take('1')).toBe(45);
    expect(limiter.take('2')).toBe(0);
    now += 45_000;
    expect(limiter.take('1')).toBe(0);
  });

  it('does not count refused events, and a new window allows the whole limit again', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(2, 60_000, () => now);
    limiter.take('a');
    limiter.take('a');
    for (let i = 0; i < 5; i++) expect(limiter.take('a')).toBeGreaterThan(0);
    now = 59_999;
    expect(limiter.take('a')).toBe(1);
    now = 60_000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(60);
  });

  it('keeps counting live windows while it forgets ended ones', () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(1, 60_000, () => now);
    limiter.take('kept');
    now = 30_000;
    for (let i = 0; i < 10_001; i++) limiter.take(`key-${String(i)}`);
    expect(limiter.take('kept')).toBe(30);
  });
});

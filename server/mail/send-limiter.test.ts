import { describe, expect, it } from 'vitest';
import { SendLimiter } from './send-limiter';

describe('SendLimiter', () => {
  it('allows the limit per window and names the wait after it', () => {
    let now = 1_000_000;
    const limiter = new SendLimiter(2, 60_000, () => now);
    expect(limiter.take('1')).toBe(0);
    now += 10_000;
    expect(limiter.take('1')).toBe(0);
    now += 5_000;
    expect(limiter.take('1')).toBe(45);
    expect(limiter.take('2')).toBe(0);
    now += 45_000;
    expect(limiter.take('1')).toBe(0);
  });
});

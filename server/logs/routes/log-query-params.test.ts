import { describe, expect, it } from 'vitest';
import { LOG_SEARCH_MAX_LENGTH, LOG_SEARCH_MAX_TERMS } from '../../../contract/schemas/app-log';
import { HttpError } from '../../http/errors';
import { parseIsoUs, parseLogQuery, parseSearch } from './log-query-params';

function badRequestOf(run: () => unknown): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('time bounds', () => {
  it('reads years 0000-0099 as themselves, not as 1900-1999', () => {
    expect(parseIsoUs('0050-01-01T00:00:00Z')).toBe(Date.parse('0050-01-01T00:00:00Z') * 1000);
    expect(parseIsoUs('0001-06-15T12:30:00+02:00')).toBe(Date.parse('0001-06-15T10:30:00Z') * 1000);
    // 0000 is a leap year in the proleptic Gregorian calendar, 1900 is not.
    expect(parseIsoUs('0000-02-29T00:00:00Z')).toBe(Date.parse('0000-02-29T00:00:00Z') * 1000);
    expect(parseIsoUs('1900-02-29T00:00:00Z')).toBeNull();
  });

  it('keeps a bound far outside any entry time as the end of the range, not a 400', () => {
    const farPast = parseLogQuery({ since: '0050-01-01T00:00:00Z', before: '9999-12-31' });
    const epochPast = parseLogQuery({ since: '-1e12', before: '1e12' });
    expect(farPast.sinceUs).toBe(epochPast.sinceUs);
    expect(farPast.beforeUs).toBe(epochPast.beforeUs);
    // still the lowest and highest, and safe integers
    expect(farPast.sinceUs).toBeLessThan(Date.parse('1900-01-01T00:00:00Z') * 1000);
    expect(farPast.beforeUs).toBeGreaterThan(Date.parse('2200-01-01T00:00:00Z') * 1000);
    expect(Number.isSafeInteger(farPast.sinceUs)).toBe(true);
    expect(Number.isSafeInteger(farPast.beforeUs)).toBe(true);
  });
});

describe('q bounds', () => {
  it('drops repeated terms', () => {
    expect(parseSearch('error ERROR error "Error" level:info level:INFO')).toEqual({
      terms: ['error'],
      exactLevels: [1],
    });
  });

  it(`answers 400 naming the limit for more than ${LOG_SEARCH_MAX_TERMS} different terms`, () => {
    const ok = Array.from({ length: LOG_SEARCH_MAX_TERMS }, (_, i) => `w${i}`).join(' ');
    expect(parseSearch(ok)?.terms).toHaveLength(LOG_SEARCH_MAX_TERMS);
    // repeats do not count
    expect(parseSearch(`${ok} ${ok}`)?.terms).toHaveLength(LOG_SEARCH_MAX_TERMS);
    const error = badRequestOf(() => parseLogQuery({ q: `${ok} one-more` }));
    expect(error.statusCode).toBe(400);
    expect(error.details[0]).toMatchObject({ field: 'q', code: 'too_many_terms' });
    expect(error.message).toContain(String(LOG_SEARCH_MAX_TERMS));
  });

  it(`answers 400 naming the limit for a q over ${LOG_SEARCH_MAX_LENGTH} characters`, () => {
    expect(parseSearch('x'.repeat(LOG_SEARCH_MAX_LENGTH))?.terms).toHaveLength(1);
    const error = badRequestOf(() => parseLogQuery({ q: 'x'.repeat(LOG_SEARCH_MAX_LENGTH + 1) }));
    expect(error.details[0]).toMatchObject({ field: 'q', code: 'too_long' });
    expect(error.message).toContain(String(LOG_SEARCH_MAX_LENGTH));
    // the echoed value is not the whole oversized text
    expect(JSON.stringify(error.details[0]?.value).length).toBeLessThan(200);
  });

  it('answers 400 for NUL and other control characters; tabs and newlines separate words', () => {
    for (const q of ['a\u0000b', '"x\u0001"', 'del\u007f', 'esc\u001b[0m']) {
      const error = badRequestOf(() => parseLogQuery({ q }));
      expect(error.details[0]).toMatchObject({ field: 'q', code: 'invalid' });
    }
    expect(parseSearch('payment\tfailed\nretry')?.terms).toEqual(['payment', 'failed', 'retry']);
  });
});

describe('level operators in q', () => {
  it('keeps level:NAME exact and reads level>=NAME as a minimum, the highest one winning', () => {
    expect(parseSearch('level:error')).toEqual({ terms: [], exactLevels: [3] });
    expect(parseSearch('timeout level>=ERROR')).toEqual({
      terms: ['timeout'],
      exactLevels: [],
      minLevel: 3,
    });
    expect(parseSearch('level>=warning level>=info')?.minLevel).toBe(2);
  });

  it('answers 400 on q naming the operator for an unknown level', () => {
    const error = badRequestOf(() => parseLogQuery({ q: 'level>=loud' }));
    expect(error.statusCode).toBe(400);
    expect(error.details[0]).toMatchObject({ field: 'q' });
    expect(error.message).toContain('"level>="');
    expect(badRequestOf(() => parseLogQuery({ q: 'level:' })).message).toContain('"level:"');
  });
});

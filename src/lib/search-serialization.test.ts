import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseSearch, searchText, stringifySearch } from './search-serialization';

const schema = z.object({ q: searchText, at: z.number().optional(), utc: z.boolean().optional() });

function roundTrip(search: Record<string, unknown>) {
  return schema.parse(parseSearch(stringifySearch(search)));
}

describe('search parameters in the URL', () => {
  it('keeps a quoted phrase as it was typed, quoted once', () => {
    const url = stringifySearch({ q: '"payment failed"' });
    expect(url).toBe('?q=%22payment+failed%22');
    expect(roundTrip({ q: '"payment failed"' })).toEqual({ q: '"payment failed"' });
  });

  it('reads text that looks like a number or a boolean as text, numbers as numbers', () => {
    expect(roundTrip({ q: '404', at: 1_700_000_000_000, utc: true })).toEqual({
      q: '404',
      at: 1_700_000_000_000,
      utc: true,
    });
    expect(roundTrip({ q: 'true' })).toEqual({ q: 'true' });
    expect(roundTrip({ q: '{"a":1}' })).toEqual({ q: '{"a":1}' });
    expect(roundTrip({ q: 'level:error -"health check" 12.5' })).toEqual({
      q: 'level:error -"health check" 12.5',
    });
  });

  it('reads a hand-typed link the same way', () => {
    expect(schema.parse(parseSearch('?q=%22timeout%22&at=42'))).toEqual({
      q: '"timeout"',
      at: 42,
    });
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addSearchPhrase, FIELD_TEXT_MAX, logLine } from './log-line';

describe('logLine', () => {
  it('leads with data.message and shows the other fields as key=value', () => {
    const line = logLine({
      data: { message: 'slow query', method: 'GET', status: 200, duration_ms: 514 },
    });
    expect(line.message).toBe('slow query');
    expect(line.fields.map((field) => `${field.key}=${field.text}`)).toEqual([
      'method=GET',
      'status=200',
      'duration_ms=514',
    ]);
  });

  it('reads msg, then error.message, keeping the error’s other parts', () => {
    expect(logLine({ data: { msg: 'started', port: 80 } }).message).toBe('started');
    const line = logLine({
      data: { error: { message: 'boom', name: 'TypeError' }, order: 7 },
    });
    expect(line.message).toBe('boom');
    expect(line.fields.map((field) => field.key)).toEqual(['error.name', 'order']);
  });

  it('uses string data as the message', () => {
    expect(logLine({ data: 'Payment captured' })).toEqual({
      message: 'Payment captured',
      fields: [],
    });
  });

  it('has no message when data has none, and every field stays', () => {
    const line = logLine({ data: { message: 42, nested: { a: [1, 2] } } });
    expect(line.message).toBe('');
    expect(line.fields.map((field) => [field.key, field.text])).toEqual([
      ['message', '42'],
      ['nested', '{"a":[1,2]}'],
    ]);
  });

  it('cuts long values and keeps the whole value', () => {
    const long = 'x'.repeat(200);
    const [field] = logLine({ data: { message: 'm', path: long } }).fields;
    expect(field?.text).toHaveLength(FIELD_TEXT_MAX);
    expect(field?.text.endsWith('…')).toBe(true);
    expect(field?.full).toBe(long);
  });

  it('offers a filter only for values a quoted phrase can hold', () => {
    const fields = logLine({
      data: { message: 'm', path: 'C:\\tmp', quote: 'say "hi"', list: [1], ok: true },
    }).fields;
    expect(fields.map((field) => field.searchText)).toEqual(['C:\\\\tmp', null, null, 'true']);
  });

  it('returns the same line for the same data (cached)', () => {
    const data = { message: 'same' };
    expect(logLine({ data })).toBe(logLine({ data }));
  });

  it('shows every top-level field and offers only phrases the stored JSON contains', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (data) => {
        const line = logLine({ data });
        const stored = JSON.stringify(data).toLowerCase();
        const keys = new Set(line.fields.map((field) => field.key.replace(/^error\./, '')));
        for (const key of Object.keys(data)) {
          const isMessage = ['message', 'msg', 'error'].includes(key);
          if (!isMessage) expect(keys.has(key)).toBe(true);
        }
        for (const field of line.fields) {
          if (field.searchText === null) continue;
          expect(field.searchText).not.toContain('"');
          expect(stored).toContain(field.searchText.toLowerCase());
        }
      }),
    );
  });
});

describe('addSearchPhrase', () => {
  it('appends a quoted phrase once', () => {
    expect(addSearchPhrase(undefined, 'GET')).toBe('"GET"');
    expect(addSearchPhrase('level:error', '/search')).toBe('level:error "/search"');
    expect(addSearchPhrase('a "GET"', 'GET')).toBe('a "GET"');
  });
});

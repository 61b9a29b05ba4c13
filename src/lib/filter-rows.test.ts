import { describe, expect, it } from 'vitest';
import { filterRows } from './filter-rows';

const rows = [
  { name: 'Storefront', key: 'storefront' },
  { name: 'Analytics', key: 'analytics' },
  { name: 'Legacy import', key: 'legacy-import' },
];

describe('filterRows', () => {
  const texts = (row: (typeof rows)[number]) => [row.name, row.key];

  it('keeps everything for an empty query', () => {
    expect(filterRows(rows, '  ', texts)).toEqual(rows);
  });

  it('matches any field, case-insensitively, every word', () => {
    expect(filterRows(rows, 'LEGACY', texts)).toEqual([rows[2]]);
    expect(filterRows(rows, 'legacy import', texts)).toEqual([rows[2]]);
    expect(filterRows(rows, 'o', texts).map((r) => r.key)).toEqual(['storefront', 'legacy-import']);
    expect(filterRows(rows, 'nothing', texts)).toEqual([]);
  });
});

describe('filterRows without a query', () => {
  it('keeps every row for undefined, in a new array', () => {
    const rows = [{ name: 'a' }];
    const kept = filterRows(rows, undefined, (row) => [row.name]);
    expect(kept).toEqual(rows);
    expect(kept).not.toBe(rows);
  });
});

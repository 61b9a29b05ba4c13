import { describe, expect, it } from 'vitest';
import { activeFilterCount } from './active-filters';

describe('activeFilterCount', () => {
  it('counts level, job, search and a range other than live', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ level: 'warn', job: 'sync', q: 'timeout', range: '1h' })).toBe(4);
    expect(activeFilterCount({ range: 'live', q: '  ' })).toBe(0);
    expect(activeFilterCount({ since: 1_700_000_000 })).toBe(1);
    expect(activeFilterCount({ entry: '42', at: 1_700_000_000 })).toBe(1);
  });
});

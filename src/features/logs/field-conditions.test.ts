import { describe, expect, it } from 'vitest';
import { buildUrl } from '../../api/client';
import { parseSearch, stringifySearch } from '../../lib/search-serialization';
import {
  canFilterOnFacet,
  fieldConditionLabel,
  fieldConditionsOf,
  withFieldCondition,
  withoutFieldCondition,
} from './field-conditions';
import { logsSearchSchema } from './search-params';

const keep500 = { key: 'status', value: '500', exclude: false };
const drop500 = { key: 'status', value: '500', exclude: true };

describe('field conditions in the address', () => {
  it('go through the URL and back, values with colons and quotes included', () => {
    const search = withFieldCondition(withFieldCondition({}, keep500), {
      key: 'url',
      value: 'http://x/"a b"',
      exclude: true,
    });
    const url = stringifySearch(search);
    const read = logsSearchSchema.parse(parseSearch(url));
    expect(fieldConditionsOf(read)).toEqual([
      keep500,
      { key: 'url', value: 'http://x/"a b"', exclude: true },
    ]);
  });

  it('drops what is not a list of key:value, and reads a bare text as one condition', () => {
    expect(logsSearchSchema.parse({ where: 42 }).where).toBeUndefined();
    expect(logsSearchSchema.parse({ where: '["nocolon","a:1"]' }).where).toEqual(['a:1']);
    expect(logsSearchSchema.parse({ where: 'status:500' }).where).toEqual(['status:500']);
  });

  it('filter out after filter by flips the condition; removing leaves the address', () => {
    const kept = withFieldCondition({}, keep500);
    expect(kept).toEqual({ where: ['status:500'], where_not: undefined });
    const flipped = withFieldCondition(kept, drop500);
    expect(flipped).toEqual({ where: undefined, where_not: ['status:500'] });
    expect(withoutFieldCondition(flipped, drop500)).toEqual({
      where: undefined,
      where_not: undefined,
    });
  });

  it('keeps at most 5, dropping the oldest', () => {
    let search = {};
    for (let n = 0; n < 7; n += 1) {
      search = withFieldCondition(search, { key: `k${String(n)}`, value: '1', exclude: false });
    }
    expect(fieldConditionsOf(search).map((c) => c.key)).toEqual(['k2', 'k3', 'k4', 'k5', 'k6']);
  });

  it('labels chips and offers buttons only for whole top-level values', () => {
    expect(fieldConditionLabel(keep500)).toBe('status = 500');
    expect(fieldConditionLabel(drop500)).toBe('status ≠ 500');
    expect(canFilterOnFacet('status', '500', 200)).toBe(true);
    expect(canFilterOnFacet('http.status', '500', 200)).toBe(false);
    expect(canFilterOnFacet('a:b', '1', 200)).toBe(false);
    expect(canFilterOnFacet('path', `${'x'.repeat(200)}…`, 200)).toBe(false);
    expect(canFilterOnFacet('path', 'x…', 200)).toBe(true);
  });

  it('go to the service as repeated parameters', () => {
    expect(buildUrl('/api', '/apps/a/logs', { where: ['a:1', 'b:2'], where_not: ['c:3'] })).toBe(
      '/api/apps/a/logs?where=a%3A1&where=b%3A2&where_not=c%3A3',
    );
  });
});

import { Liquid } from 'liquidjs';
import { describe, expect, it } from 'vitest';
import { formatPath, hasPath, type PathSegment } from './sample-path';

const liquid = new Liquid();

const SAMPLE = {
  customer: { first_name: 'Ada', nickname: null, tags: ['vip', 'new'] },
  order: { lines: [{ name: 'Tea' }, { name: 'Cups' }], empty: [], total: 12 },
  keyed: { size: 7, first: 'own' },
  numbered: { '0': 'zero' },
  note: 'text',
};

const PATHS: PathSegment[][] = [
  ['customer', 'first_name'],
  ['customer', 'nickname'],
  ['customer', 'missing'],
  ['customer', 'size'],
  ['customer', 'first'],
  ['customer', 'last'],
  ['customer', 'tags', 'size'],
  ['customer', 'tags', 'first'],
  ['customer', 'tags', 'last'],
  ['customer', 'tags', -1],
  ['customer', 'tags', 2],
  ['customer', 'tags', 'other'],
  ['customer', 'tags', 'length'],
  ['customer', 'tags', '1'],
  ['order', 'lines', 0, 'name'],
  ['order', 'lines', 'first', 'name'],
  ['order', 'lines', 'last', 'name'],
  ['order', 'empty', 'first', 'name'],
  ['order', 'empty', 'size'],
  ['order', 'total', 'size'],
  ['order', 'size'],
  ['keyed', 'size'],
  ['keyed', 'first'],
  ['keyed', 'last'],
  ['numbered', 0],
  ['note', 'size'],
  ['note', 'first'],
  ['note', 'length'],
  ['note', 'toString'],
  ['order', 'toString'],
  ['missing'],
  ['missing', 'size'],
];

describe('formatPath', () => {
  it('writes indexes in brackets and names after dots', () => {
    expect(formatPath(['a', 0, 'b', -1])).toBe('a[0].b[-1]');
  });
});

describe('hasPath', () => {
  it.each(PATHS.map((path) => [formatPath(path), path] as const))(
    '%s: answered exactly when liquidjs reads a value there',
    (expression, path) => {
      const value: unknown = liquid.evalValueSync(expression, SAMPLE);
      expect(hasPath(SAMPLE, path)).toBe(value !== undefined);
    },
  );

  it('answers nothing through a nil: Liquid prints nothing there, and no sample says what is', () => {
    expect(hasPath(SAMPLE, ['customer', 'nickname'])).toBe(true);
    expect(hasPath(SAMPLE, ['customer', 'nickname', 'size'])).toBe(false);
    expect(liquid.parseAndRenderSync('{{ customer.nickname.size }}', SAMPLE)).toBe('');
  });

  it("answers an object's size (its number of keys), as Liquid prints it", () => {
    expect(hasPath({ a: { b: 1, c: 2 } }, ['a', 'size'])).toBe(true);
    expect(liquid.parseAndRenderSync('{{ a.size }}', { a: { b: 1, c: 2 } })).toBe('2');
  });
});

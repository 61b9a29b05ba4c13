import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unknownPaths, unknownVariables } from './unknown-variables';

const order = {
  order: { number: '1001', total: '9.00', lines: [{ title: 'Mug', quantity: 1 }] },
  shop: { name: 'Acme' },
};
const LIQUID_WORDS = new Set([
  'and',
  'or',
  'not',
  'contains',
  'true',
  'false',
  'nil',
  'null',
  'empty',
  'blank',
]);
const guest = { order: { number: '1002', lines: [] }, customer: { first_name: 'Ann' } };

describe('unknownVariables', () => {
  it('marks a path no sample has, with where it is in the source', () => {
    const source = 'Hi {{ customer.first_name }}\n{{ order.nonexistent_field | upcase }}';
    const found = unknownVariables(source, [order, guest]);
    expect(found).toEqual([{ path: 'order.nonexistent_field', from: 32, to: 55 }]);
    expect(source.slice(found[0]?.from, found[0]?.to)).toBe('order.nonexistent_field');
  });

  it('knows a path that only one of the samples has', () => {
    expect(unknownVariables('{{ customer.first_name }} {{ order.total }}', [order, guest])).toEqual(
      [],
    );
  });

  it('knows loop variables, assign, capture and forloop', () => {
    const source = [
      '{% for line in order.lines %}{{ line.title }} {{ line.anything }} {{ forloop.index }}{% endfor %}',
      '{% assign total = order.total %}{{ total }}',
      '{% capture greeting %}Hi{% endcapture %}{{ greeting }}',
    ].join('\n');
    expect(unknownVariables(source, [order])).toEqual([]);
  });

  it('knows sizes, first and last of lists and indexed items', () => {
    const source =
      '{{ order.lines.size }} {{ order.lines.first.title }} {{ order.lines[0].quantity }}';
    expect(unknownVariables(source, [order])).toEqual([]);
  });

  it('marks an unknown list in a loop header and a condition', () => {
    const source =
      '{% if order.gift %}x{% endif %}{% for r in order.refunds %}{{ r.id }}{% endfor %}';
    expect(unknownPaths(unknownVariables(source, [order]))).toEqual([
      'order.gift',
      'order.refunds',
    ]);
  });

  it('reports nothing for a template that does not parse', () => {
    expect(unknownVariables('{% if order.nope %}', [order])).toEqual([]);
  });

  it('lists each path once in unknownPaths', () => {
    const found = unknownVariables('{{ a.b }} {{ a.b }} {{ c }}', [order]);
    expect(found).toHaveLength(3);
    expect(unknownPaths(found)).toEqual(['a.b', 'c']);
  });

  it('finds exactly the outside paths missing from the sample, wherever they sit', () => {
    // Liquid's operators and literals are not variable names: `{{ or.a }}` reads `a` (and prints
    // `false`), so a sample that names them says nothing about the template's paths.
    const name = fc.stringMatching(/^[a-z][a-z_]{0,6}$/).filter((word) => !LIQUID_WORDS.has(word));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, name, fc.boolean()), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(' ', '\n', 'text ', '<p>'), { minLength: 1, maxLength: 6 }),
        (references, fillers) => {
          const data: Record<string, Record<string, string>> = {};
          for (const [root, field, present] of references) {
            if (present) data[root] = { ...data[root], [field]: 'x' };
          }
          const source = references
            .map(
              ([root, field], index) =>
                `${fillers[index % fillers.length] ?? ''}{{ ${root}.${field} }}`,
            )
            .join('');
          const found = unknownVariables(source, [data]);
          const expected = references
            .filter(([root, field]) => data[root]?.[field] === undefined)
            .map(([root, field]) => `${root}.${field}`);
          expect(found.map((v) => v.path)).toEqual(expected);
          for (const v of found) expect(source.slice(v.from, v.to)).toBe(v.path);
        },
      ),
    );
  });
});

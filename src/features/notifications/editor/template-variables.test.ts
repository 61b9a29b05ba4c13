import { describe, expect, it } from 'vitest';
import { defaultSamplesFor } from '../samples/sample-catalog';
import {
  itemNameFor,
  missingVariables,
  offeredVariables,
  snippetFor,
  usedVariables,
} from './template-variables';

const [typical, empty] = defaultSamplesFor('order-confirmation');

describe('usedVariables', () => {
  it('names the outside variables of all fields, not loop or assigned ones', () => {
    const used = usedVariables([
      'Order {{ order.number }}',
      '{% for line in order.lines %}{{ line.name }}{% endfor %}{% assign x = shop.name %}{{ x }}',
      '{{ customer.first_name | capitalize }} {{ order.number }} {{ order.lines[0].name }}',
    ]);
    expect(used.map((v) => v.path)).toEqual([
      'customer.first_name',
      'order.lines',
      'order.lines[0].name',
      'order.number',
      'shop.name',
    ]);
  });

  it('ignores a field that does not parse', () => {
    expect(usedVariables(['{% if a %}', '{{ b }}']).map((v) => v.path)).toEqual(['b']);
  });
});

describe('missingVariables', () => {
  it('lists what the template uses and the sample lacks', () => {
    const used = usedVariables([
      '{{ customer.first_name }} {{ customer.nickname }} {{ coupon }} {{ order.lines.size }} {{ order.lines.first.name }} {{ order.lines[0].name }}',
    ]);
    expect(missingVariables(used, typical!.data)).toEqual(['coupon', 'customer.nickname']);
    // An empty order has no first line: the preview would print nothing there.
    expect(missingVariables(used, empty!.data)).toEqual([
      'coupon',
      'customer.nickname',
      'order.lines.first.name',
      'order.lines[0].name',
    ]);
  });
});

describe('offeredVariables', () => {
  it('offers each leaf and each list once with its item fields', () => {
    const offered = offeredVariables({
      shop: { name: 'x' },
      order: { lines: [{ title: 't', qty: 1 }], total: '1' },
    });
    expect(offered).toEqual([
      { path: 'shop.name', kind: 'value' },
      { path: 'order.lines', kind: 'list', itemFields: ['title', 'qty'] },
      { path: 'order.total', kind: 'value' },
    ]);
  });

  it('builds the snippet a click inserts', () => {
    expect(snippetFor({ path: 'shop.name', kind: 'value' })).toBe('{{ shop.name }}');
    expect(snippetFor({ path: 'order.lines', kind: 'list', itemFields: ['title'] })).toBe(
      '{% for line in order.lines %}{{ line.title }}{% endfor %}',
    );
    expect(itemNameFor('categories')).toBe('category');
  });
});

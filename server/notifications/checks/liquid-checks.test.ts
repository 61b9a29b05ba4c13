import { describe, expect, it } from 'vitest';
import { liquidErrorFinding, unknownVariableFindings } from './liquid-checks';

const samples = [
  {
    name: 'Typical',
    data: { customer: { first_name: 'Ada' }, order: { lines: [{ title: 'Mug' }] } },
  },
];

describe('unknown variables', () => {
  it('finds a variable no sample defines, on its line and column', () => {
    const source = 'Hi\n  {{ customer.first_nme }}';
    expect(unknownVariableFindings(source, samples)).toEqual([
      {
        check: 'unknown_variable',
        severity: 'warning',
        line: 2,
        column: 6,
        message: 'customer.first_nme is in no sample: it prints nothing',
      },
    ]);
  });

  it('knows what a sample defines, loop variables and array sizes', () => {
    const source =
      '{{ customer.first_name }} {% for line in order.lines %}{{ line.title }}{% endfor %} {{ order.lines.size }}';
    expect(unknownVariableFindings(source, samples)).toEqual([]);
  });

  it('counts a variable that one of several samples defines as known', () => {
    const two = [...samples, { name: 'Gift', data: { gift: { note: 'x' } } }];
    expect(unknownVariableFindings('{{ gift.note }}', two)).toEqual([]);
  });

  it('says nothing without samples, or for a source that does not parse', () => {
    expect(unknownVariableFindings('{{ anything }}', [])).toEqual([]);
    expect(unknownVariableFindings('{% if %}', samples)).toEqual([]);
  });
});

describe('liquid errors', () => {
  it('takes line and column from the message', () => {
    expect(liquidErrorFinding('Failed to lookup snippet "footer", line:3, col:5')).toMatchObject({
      check: 'liquid_error',
      severity: 'error',
      line: 3,
      column: 5,
      message: 'Failed to lookup snippet "footer"',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { deleteOutput, setFallback } from './chip-edit';
import { parseTemplate } from '../model/parse-template';
import { allNodes, type OutputNode } from '../model/template-tree';
import { applyChange } from '../model/text-source';

function firstOutput(source: string): OutputNode {
  const output = [...allNodes(parseTemplate(source).children)].find(
    (node): node is OutputNode => node.kind === 'output',
  );
  if (!output) throw new Error('no output');
  return output;
}

function edit(source: string, value: string | null): string {
  const result = setFallback(source, firstOutput(source), value);
  return result.ok ? applyChange(source, result.change) : `refused: ${result.reason}`;
}

describe('setFallback', () => {
  it('changes only the literal, keeping its quote', () => {
    expect(edit('<h1>Hi {{ name | default: "there" }}!</h1>', 'friend')).toBe(
      '<h1>Hi {{ name | default: "friend" }}!</h1>',
    );
    expect(edit("Hi {{ name | default:'there' | upcase }}", 'friend')).toBe(
      "Hi {{ name | default:'friend' | upcase }}",
    );
  });

  it('quotes with the other quote when the value holds one, and refuses both', () => {
    expect(edit('{{ name | default: "x" }}', 'dear "friend"')).toBe(
      `{{ name | default: 'dear "friend"' }}`,
    );
    expect(edit('{{ name }}', `it's "x"`)).toMatch(/^refused/);
  });

  it('keeps an unquoted default unquoted for a variable or a number, and quotes a string', () => {
    expect(edit('{{ shop.address | default: shop.name }}', 'shop.email')).toBe(
      '{{ shop.address | default: shop.email }}',
    );
    expect(edit('{{ count | default:0 | plus: 1 }}', '-2.5')).toBe(
      '{{ count | default:-2.5 | plus: 1 }}',
    );
    expect(edit('{{ line.name | default: product.title }}', 'lines[0].name')).toBe(
      '{{ line.name | default: lines[0].name }}',
    );
    expect(edit('{{ shop.address | default: shop.name }}', 'our shop')).toBe(
      '{{ shop.address | default: "our shop" }}',
    );
    expect(edit('{{ shop.address | default: shop.name }}', '')).toBe(
      '{{ shop.address | default: "" }}',
    );
    // A quoted default stays a string, even when the new text looks like a variable.
    expect(edit('{{ name | default: "there" }}', 'shop.name')).toBe(
      '{{ name | default: "shop.name" }}',
    );
  });

  it('adds a default at the end of the filters, before the closing braces', () => {
    expect(edit('{{ name }}', 'there')).toBe('{{ name | default: "there" }}');
    expect(edit('{{- name | upcase -}}', 'there')).toBe('{{- name | upcase | default: "there" -}}');
  });

  it('removes the default filter and nothing else', () => {
    expect(edit('{{ name | default: "there" | upcase }}', null)).toBe('{{ name | upcase }}');
    expect(edit('{{ name|default:"there" }}', null)).toBe('{{ name }}');
    expect(edit('{{ name }}', null)).toMatch(/^refused/);
  });
});

describe('deleteOutput', () => {
  it('takes the whole tag out', () => {
    const source = 'a {{ name | default: "x" }} b';
    expect(applyChange(source, deleteOutput(firstOutput(source)))).toBe('a  b');
  });
});

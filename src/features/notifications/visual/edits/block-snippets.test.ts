import { describe, expect, it } from 'vitest';
import { blockAround, placesOf } from '../model/blocks';
import { asRow, PALETTE, snippetFor } from './block-snippets';
import { propertiesFor } from './block-properties';
import { applyChange } from '../model/text-source';
import { parseTemplate } from '../model/parse-template';
import { allNodes } from '../model/template-tree';

const options = {
  collection: 'order.lines',
  item: 'line',
  field: 'title',
  condition: 'customer.vip',
};

describe('palette snippets', () => {
  it.each(PALETTE.map((entry) => entry.kind))(
    '%s opens as editable nodes, no locked islands',
    (kind) => {
      for (const snippet of [
        snippetFor(kind, options),
        `<table>${asRow(snippetFor(kind, options))}</table>`,
      ]) {
        const tree = parseTemplate(snippet);
        const nodes = [...allNodes(tree.children)];
        expect(nodes.filter((node) => node.kind === 'locked')).toEqual([]);
        const [first] = tree.children;
        const block = first && blockAround(tree, placesOf(tree), first.id);
        expect(block?.node.from).toBe(0);
      }
    },
  );

  it('gives each entry the block kind the panel edits', () => {
    const kindOf = (snippet: string) => {
      const tree = parseTemplate(snippet);
      const [first] = tree.children;
      return first && blockAround(tree, placesOf(tree), first.id)?.kind;
    };
    expect(kindOf(snippetFor('heading'))).toBe('heading');
    expect(kindOf(snippetFor('text'))).toBe('paragraph');
    expect(kindOf(snippetFor('button'))).toBe('button');
    expect(kindOf(snippetFor('image'))).toBe('image');
    expect(kindOf(snippetFor('divider'))).toBe('divider');
    expect(kindOf(snippetFor('spacer'))).toBe('spacer');
    expect(kindOf(snippetFor('columns'))).toBe('section');
    expect(kindOf(snippetFor('loop', options))).toBe('loop');
    expect(kindOf(snippetFor('condition', options))).toBe('condition');
  });

  it('uses the chosen list and condition, and rows keep Liquid between rows', () => {
    expect(snippetFor('loop', options)).toContain('{% for line in order.lines %}');
    expect(snippetFor('loop', options)).toContain('{{ line.title }}');
    expect(asRow(snippetFor('condition', options))).toMatch(
      /^\{% if customer\.vip %\}<tr><td>.*<\/td><\/tr>\{% endif %\}$/,
    );
    expect(snippetFor('button')).toContain('role="presentation"');
  });

  it('aligns an inserted button by its full-width cell, and colours the link, not the row', () => {
    const button = snippetFor('button');
    const tree = parseTemplate(button);
    const [first] = tree.children;
    const block = first && blockAround(tree, placesOf(tree), first.id);
    if (!block) throw new Error('no block');
    const align = propertiesFor(block).find((field) => field.key === 'align');
    const changes = align?.write(button, block, 'center') ?? [];
    const centred = changes.reduce((text, change) => applyChange(text, change), button);
    expect(centred).toBe(button.replace('<td align="left">', '<td align="center">'));
    expect(button).toMatch(/^<table [^>]*width="100%"/);
    const background = propertiesFor(block).find((field) => field.key === 'background');
    expect(background?.read(button, block)).toBe('#2563eb');
  });
});

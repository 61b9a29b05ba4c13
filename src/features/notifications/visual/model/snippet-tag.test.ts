import { describe, expect, it } from 'vitest';
import { blockAround, placesOf } from './blocks';
import { parseTemplate } from './parse-template';
import { renderedSnippet, renderTag } from './snippet-tag';
import { allNodes, type TemplateTree } from './template-tree';
import { deleteBlock, moveBlock, type BlockEdit } from '../edits/block-edits';
import { replaceWithSnippet, snippetBody } from '../edits/make-snippet';
import { applyChange } from './text-source';

function lockedNodes(tree: TemplateTree) {
  return [...allNodes(tree.children)].filter((node) => node.kind === 'locked');
}

function apply(source: string, edit: BlockEdit | null): string {
  if (!edit) throw new Error('no edit');
  return [...edit.changes].sort((a, b) => b.from - a.from).reduce(applyChange, source);
}

describe('a snippet in the canvas', () => {
  it("knows a render tag's snippet by name, with arguments and whitespace control", () => {
    const source = `{% render 'footer' %}{%- render "x-1", a: 1 -%}{% render name %}{% if a %}b{% endif %}{% include 'y' %}`;
    const tree = parseTemplate(source);
    const names = [...allNodes(tree.children)].map((node) => renderedSnippet(source, node));
    expect(names.filter((name) => name !== null)).toEqual(['footer', 'x-1']);
    expect(lockedNodes(tree).length).toBeGreaterThan(2);
  });

  it('is one block: selected, moved and deleted whole', () => {
    const source = `<body>\n<p>Hello</p>\n{% render 'footer' %}\n</body>`;
    const tree = parseTemplate(source);
    const places = placesOf(tree);
    const [tag] = lockedNodes(tree);
    if (!tag) throw new Error('no tag');
    const block = blockAround(tree, places, tag.id);
    expect(block?.kind).toBe('snippet');
    expect(block?.node).toBe(tag);
    const place = places.get(tag.id);
    if (!place) throw new Error('no place');
    expect(apply(source, deleteBlock(source, place))).toBe(`<body>\n<p>Hello</p>\n</body>`);
    expect(apply(source, moveBlock(source, place, 'up'))).toBe(
      `<body>\n{% render 'footer' %}\n<p>Hello</p>\n</body>`,
    );
  });

  it('is made from a block: the block becomes the body and the tag takes its place', () => {
    const source = `<body>\n  <p>Hello</p>\n  <table><tr><td>{{ shop.name }}</td></tr></table>\n</body>`;
    const tree = parseTemplate(source);
    const places = placesOf(tree);
    const table = [...allNodes(tree.children)].find(
      (node) => node.kind === 'element' && node.tag === 'table',
    );
    const place = table && places.get(table.id);
    if (!place) throw new Error('no table');
    expect(snippetBody(source, place)).toBe('<table><tr><td>{{ shop.name }}</td></tr></table>');
    const edit = replaceWithSnippet(place, 'shop-box');
    expect(edit.changes).toHaveLength(1);
    const after = apply(source, edit);
    expect(after).toBe(`<body>\n  <p>Hello</p>\n  ${renderTag('shop-box')}\n</body>`);
    // The new tag is the block the canvas selects once it is drawn.
    const again = parseTemplate(after);
    const tag = lockedNodes(again)[0];
    expect(tag?.from).toBe(edit.select);
    expect(tag && blockAround(again, placesOf(again), tag.id)?.kind).toBe('snippet');
  });
});

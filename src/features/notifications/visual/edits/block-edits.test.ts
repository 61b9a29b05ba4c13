import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amongRows,
  deleteBlock,
  duplicateBlock,
  insertAfter,
  moveBlock,
  setAttribute,
  setStyle,
  wrapBlock,
  type BlockEdit,
} from './block-edits';
import {
  attributeSource,
  blockAround,
  blockStartingAt,
  placesOf,
  styleSource,
} from '../model/blocks';
import { parseTemplate } from '../model/parse-template';
import { serializeTree } from '../model/serialize';
import { allNodes, type ElementNode, type TemplateTree } from '../model/template-tree';
import { applyChange, type SourceChange } from '../model/text-source';

function applyAll(source: string, changes: readonly SourceChange[]): string {
  return [...changes].sort((a, b) => b.from - a.from).reduce(applyChange, source);
}

function elements(tree: TemplateTree): ElementNode[] {
  return [...allNodes(tree.children)].filter((node) => node.kind === 'element');
}

function element(source: string, tag: string, nth = 0): ElementNode {
  const found = elements(parseTemplate(source)).filter((node) => node.tag === tag)[nth];
  if (!found) throw new Error(`no ${tag}`);
  return found;
}

/** The block around the first element with this tag, and its place. */
function blockOf(source: string, tag: string, nth = 0) {
  const tree = parseTemplate(source);
  const places = placesOf(tree);
  const target = elements(tree).filter((node) => node.tag === tag)[nth];
  const block = target && blockAround(tree, places, target.id);
  const place = block && places.get(block.node.id);
  if (!block || !place) throw new Error(`no block at ${tag}`);
  return { tree, places, block, place };
}

function edited(source: string, edit: BlockEdit | null): string {
  if (!edit) throw new Error('no edit');
  return applyAll(source, edit.changes);
}

describe('setAttribute and setStyle change one value', () => {
  it('replaces only the value of an attribute, Liquid with quotes kept raw', () => {
    const source = `<a class="b" href="https://x.test">Go</a>`;
    const change = setAttribute(element(source, 'a'), 'href', '{{ "o" | append: order.url }}');
    expect(applyChange(source, change)).toBe(
      `<a class="b" href="{{ "o" | append: order.url }}">Go</a>`,
    );
  });

  it('adds a missing attribute after the others and after Liquid in the tag', () => {
    const source = `<img src="x.png" {% if a %}hidden{% endif %} />`;
    const change = setAttribute(element(source, 'img'), 'alt', 'Say "hi"');
    expect(applyChange(source, change)).toBe(
      `<img src="x.png" {% if a %}hidden{% endif %} alt="Say &quot;hi&quot;" />`,
    );
  });

  it('quotes an unquoted value and gives a bare attribute a value', () => {
    expect(
      applyChange(
        '<td width=50>x</td>',
        setAttribute(element('<td width=50>x</td>', 'td'), 'width', '60'),
      ),
    ).toBe('<td width="60">x</td>');
    const bare = '<td nowrap>x</td>';
    expect(applyChange(bare, setAttribute(element(bare, 'td'), 'nowrap', 'nowrap'))).toBe(
      '<td nowrap="nowrap">x</td>',
    );
  });

  it('edits, adds and removes declarations in the style as written', () => {
    const source = `<p style="color: red; background: url({{ a }});padding:4px">x</p>`;
    const p = element(source, 'p');
    const set = (property: string, value: string) => {
      const change = setStyle(source, p, property, value);
      return change ? applyChange(source, change) : source;
    };
    expect(set('color', '#00ff00')).toBe(
      `<p style="color: #00ff00; background: url({{ a }});padding:4px">x</p>`,
    );
    expect(set('padding', '8px 0')).toBe(
      `<p style="color: red; background: url({{ a }});padding:8px 0">x</p>`,
    );
    expect(set('text-align', 'center')).toBe(
      `<p style="color: red; background: url({{ a }});padding:4px; text-align: center">x</p>`,
    );
    expect(set('color', '')).toBe(`<p style="background: url({{ a }});padding:4px">x</p>`);
    expect(set('padding', '')).toBe(`<p style="color: red; background: url({{ a }});">x</p>`);
    expect(set('margin', '')).toBe(source);
  });

  it('adds a style attribute when there is none, and reads values back', () => {
    const source = '<h1>Hi</h1>';
    const next = applyChange(
      source,
      setStyle(source, element(source, 'h1'), 'color', 'red') ?? { from: 0, to: 0, insert: '' },
    );
    expect(next).toBe('<h1 style="color: red">Hi</h1>');
    expect(styleSource(next, element(next, 'h1'), 'color')).toBe('red');
    expect(attributeSource(next, element(next, 'h1'), 'style')).toBe('color: red');
  });
});

describe('block actions move whole siblings', () => {
  const rows = `<table>\n  {% for line in order.lines %}\n  <tr><td>{{ line.title }}</td></tr>\n  <tr><td>Note</td></tr>\n  {% endfor %}\n  <tr><td>Total</td></tr>\n</table>`;

  it('moves a row inside a for body and never out of it', () => {
    const { place } = blockOf(rows, 'tr', 1);
    const up = moveBlock(rows, place, 'up');
    expect(edited(rows, up)).toBe(
      `<table>\n  {% for line in order.lines %}\n  <tr><td>Note</td></tr>\n  <tr><td>{{ line.title }}</td></tr>\n  {% endfor %}\n  <tr><td>Total</td></tr>\n</table>`,
    );
    expect(moveBlock(rows, place, 'down')).toBeNull();
    expect(moveBlock(rows, blockOf(rows, 'tr', 0).place, 'up')).toBeNull();
  });

  it('selects the moved block at its new place', () => {
    const { place } = blockOf(rows, 'tr', 0);
    const down = moveBlock(rows, place, 'down');
    const next = edited(rows, down);
    const tree = parseTemplate(next);
    const moved = blockStartingAt(tree, placesOf(tree), down?.select ?? -1);
    expect(moved && next.slice(moved.node.from, moved.node.to)).toBe(
      '<tr><td>{{ line.title }}</td></tr>',
    );
  });

  it('duplicates and deletes a block with its line', () => {
    const { place } = blockOf(rows, 'tr', 2);
    expect(edited(rows, duplicateBlock(rows, place))).toBe(
      rows.replace('<tr><td>Total</td></tr>', '<tr><td>Total</td></tr>\n  <tr><td>Total</td></tr>'),
    );
    expect(edited(rows, deleteBlock(rows, place))).toBe(
      rows.replace('\n  <tr><td>Total</td></tr>', ''),
    );
  });

  it('wraps a row in Only if with the tags between rows', () => {
    const { place } = blockOf(rows, 'tr', 2);
    const next = edited(rows, wrapBlock(rows, place, '{% if order.paid %}', '{% endif %}'));
    expect(next).toBe(
      rows.replace(
        '<tr><td>Total</td></tr>',
        '{% if order.paid %}\n  <tr><td>Total</td></tr>\n  {% endif %}',
      ),
    );
    const wrapped = [...allNodes(parseTemplate(next).children)].filter(
      (node) => node.kind === 'condition',
    );
    expect(wrapped).toHaveLength(1);
  });

  it('takes a bulletproof button table as one block, edited through its link', () => {
    const source = `<p>Hi</p>\n<table role="presentation"><tr><td bgcolor="#000"><a href="{{ order.url }}" style="padding: 8px">View</a></td></tr></table>`;
    const { block, places } = blockOf(source, 'a');
    expect(block.kind).toBe('button');
    expect(block.node.kind === 'element' && block.node.tag).toBe('table');
    expect(block.element?.tag).toBe('a');
    expect(block.cell?.tag).toBe('td');
    expect(amongRows(places, block)).toBe(false);
  });

  it('inserts after a block on its indentation, or at the end of the body', () => {
    const source = `<body>\n  <h1>Hi</h1>\n</body>`;
    const { tree, place } = blockOf(source, 'h1');
    expect(edited(source, insertAfter(tree, place, '<p>x</p>'))).toBe(
      `<body>\n  <h1>Hi</h1>\n  <p>x</p>\n</body>`,
    );
    expect(edited(source, insertAfter(tree, null, '<p>x</p>'))).toBe(
      `<body>\n  <h1>Hi</h1>\n<p>x</p>\n</body>`,
    );
  });
});

const color = fc.constantFrom('red', '#fff', '{{ shop.color }}', 'rgb(1, 2, 3)', '');
const styled = fc
  .array(
    fc.constantFrom('color: blue', 'padding:4px', 'background: url({{ a }})', 'text-align: left'),
    {
      maxLength: 3,
    },
  )
  .chain((parts) =>
    fc.constantFrom(parts.join('; '), `${parts.join(';')};`, ` ${parts.join('; ')} `),
  );
const opening = fc
  .tuple(fc.constantFrom('p', 'h1', 'td', 'a', 'div', 'img'), fc.option(styled))
  .map(([tag, style]) => ({
    tag,
    open: `<${tag}${style === null ? '' : ` style="${style}"`} class="k">`,
  }));
/** Blocks as e-mails have them: styled elements, rows in loops, Liquid in text and attributes. */
const blockTemplate = fc
  .array(
    fc.oneof(
      opening.map(({ tag, open }) =>
        tag === 'img' ? open : `${open}Hi {{ name }}</${tag === 'td' ? 'div' : tag}>`,
      ),
      fc.constant(
        '\n  <table>\n  {% for line in order.lines %}<tr><td>{{ line.title }}</td></tr>\n  <tr><td>x</td></tr>{% endfor %}\n</table>',
      ),
      fc.constant('{% if a %}<p style="color: red">A</p>{% endif %}'),
      fc.constant('\n  <hr>'),
    ),
    { minLength: 1, maxLength: 6 },
  )
  .map((parts) => parts.join(''));

describe('a random block edit changes only its target', () => {
  it('property edits leave every byte outside the value alone', () => {
    fc.assert(
      fc.property(
        blockTemplate,
        fc.nat(),
        fc.constantFrom('color', 'padding', 'text-align'),
        color,
        (source, pick, property, value) => {
          const tree = parseTemplate(source);
          const list = elements(tree);
          const target = list[pick % list.length];
          if (!target) return;
          const change = setStyle(source, target, property, value);
          if (!change) return;
          const next = applyChange(source, change);
          expect(next.slice(0, change.from)).toBe(source.slice(0, change.from));
          expect(next.slice(change.from + change.insert.length)).toBe(source.slice(change.to));
          const style = target.attributes.find((attribute) => attribute.name === 'style');
          const inside = style?.value ?? { from: target.open.from, to: target.open.to };
          expect(change.from).toBeGreaterThanOrEqual(inside.from);
          expect(change.to).toBeLessThanOrEqual(inside.to);
          const after = parseTemplate(next);
          expect(serializeTree(after)).toBe(next);
          expect(elements(after).map((node) => node.tag)).toEqual(list.map((node) => node.tag));
          const reread = elements(after)[list.indexOf(target)];
          const count = (text: string) => text.split(`${property}:`).length;
          // Emptied, one declaration goes (a repeated one may remain); set, it applies.
          if (value === '') expect(count(next)).toBe(count(source) - 1);
          else expect(reread && styleSource(next, reread, property)).toBe(value);
        },
      ),
    );
  });

  it('moves keep the multiset of blocks and the Liquid paired', () => {
    fc.assert(
      fc.property(
        blockTemplate,
        fc.nat(),
        fc.constantFrom<'up' | 'down'>('up', 'down'),
        (source, pick, direction) => {
          const tree = parseTemplate(source);
          const places = placesOf(tree);
          const nodes = [...allNodes(tree.children)].filter((node) => node.kind !== 'text');
          const node = nodes[pick % nodes.length];
          const block = node && blockAround(tree, places, node.id);
          const place = block && places.get(block.node.id);
          if (!place) return;
          const edit = moveBlock(source, place, direction);
          if (!edit) return;
          const next = applyAll(source, edit.changes);
          const [change] = edit.changes;
          if (!change) return;
          expect(next.slice(0, change.from)).toBe(source.slice(0, change.from));
          expect(next.slice(change.from + change.insert.length)).toBe(source.slice(change.to));
          expect(Array.from(next).sort()).toEqual(Array.from(source).sort());
          const after = parseTemplate(next);
          const locked = (t: TemplateTree) =>
            [...allNodes(t.children)].filter((n) => n.kind === 'locked').length;
          expect(locked(after)).toBe(locked(tree));
        },
      ),
    );
  });
});

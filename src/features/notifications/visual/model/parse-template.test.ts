import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from './parse-template';
import { serializeTree } from './serialize';
import { allNodes, type TemplateNode, type TemplateTree } from './template-tree';
import { applyChange, decodeText, textChange } from './text-source';

/** A compact picture of the tree's shape, for readable expectations. */
function shape(nodes: readonly TemplateNode[]): unknown[] {
  return nodes.flatMap((node): unknown[] => {
    switch (node.kind) {
      case 'text':
        return [];
      case 'element':
        return [{ [node.tag]: shape(node.children) }];
      case 'output':
        return [`{{${node.expression}}}`];
      case 'locked':
        return [`locked:${node.reason}`];
      case 'condition':
      case 'loop':
        return [{ [node.kind]: node.branches.map((branch) => shape(branch.children)) }];
    }
  });
}

function textNodes(tree: TemplateTree) {
  return [...allNodes(tree.children)].filter((node) => node.kind === 'text');
}

/** Opens the template, edits the first text that shows `before`, and returns the new source. */
function editText(source: string, before: string, after: string): string {
  const tree = parseTemplate(source);
  const node = textNodes(tree).find(
    (text) => decodeText(source.slice(text.from, text.to)) === before,
  );
  if (!node) throw new Error(`no text ${before}`);
  const change = textChange(source, node, after);
  if (!change) throw new Error('no change');
  return applyChange(source, change);
}

describe('parseTemplate: the reports other editors got', () => {
  it('keeps an if around a table row inside the table (OrchardCore #8455)', () => {
    const source = `<table>\n  {% if order.note %}<tr><td>Note</td></tr>{% endif %}\n  <tr><td>Total</td></tr>\n</table>`;
    const tree = parseTemplate(source);
    expect(shape(tree.children)).toEqual([
      { table: [{ condition: [[{ tr: [{ td: [] }] }]] }, { tr: [{ td: [] }] }] },
    ]);
    expect(editText(source, 'Total', 'Sum')).toBe(source.replace('Total', 'Sum'));
  });

  it('keeps Liquid with quotes inside src (OrchardCore #2218)', () => {
    const source = `<img src="{{ "img/x.jpg" | asset_url }}" alt="Logo"><p>Hello</p>`;
    const tree = parseTemplate(source);
    const [image] = tree.children;
    expect(image?.kind === 'element' && image.attributes.map((a) => a.name)).toEqual([
      'src',
      'alt',
    ]);
    expect(image?.kind === 'element' && image.liquidInTag).toHaveLength(1);
    expect(editText(source, 'Hello', 'Hi')).toBe(source.replace('Hello', 'Hi'));
  });

  it('leaves bare if lines as they are, without paragraphs (paid-memberships-pro #3782)', () => {
    const source = `{% if customer.first_name %}\nHi {{ customer.first_name }},\n{% else %}\nHi,\n{% endif %}\n<p>Thanks</p>\n`;
    const tree = parseTemplate(source);
    expect(shape(tree.children)).toEqual([
      { condition: [['{{customer.first_name}}'], []] },
      { p: [] },
    ]);
    expect(serializeTree(tree)).toBe(source);
    expect(editText(source, 'Thanks', 'Thank you')).toBe(source.replace('Thanks', 'Thank you'));
  });

  it('keeps a for loop inside a table (dotliquid #433)', () => {
    const source = `<table>{% for line in order.lines %}<tr><td>{{ line.title }}</td><td>{{ line.price }}</td></tr>{% endfor %}<tr><td>Total</td></tr></table>`;
    const tree = parseTemplate(source);
    expect(shape(tree.children)).toEqual([
      {
        table: [
          { loop: [[{ tr: [{ td: ['{{line.title}}'] }, { td: ['{{line.price}}'] }] }]] },
          { tr: [{ td: [] }] },
        ],
      },
    ]);
    const [table] = tree.children;
    const loop = table?.kind === 'element' ? table.children[0] : undefined;
    expect(loop?.kind === 'loop' && [loop.variable, loop.collection]).toEqual([
      'line',
      'order.lines',
    ]);
    expect(editText(source, 'Total', 'Sum')).toBe(source.replace('Total', 'Sum'));
  });

  it('locks a tag whose branches open different elements, and nothing else', () => {
    const source = `<p>Hi</p>{% if vip %}<div class="vip">{% else %}<div>{% endif %}Text</div><p>Bye</p>`;
    expect(shape(parseTemplate(source).children)).toEqual([
      { p: [] },
      'locked:crossing',
      { p: [] },
    ]);
  });

  it('locks raw, comments, HTML comments, scripts and stray end tags', () => {
    const source = `{% raw %}{{ x }}{% endraw %}{% comment %}a{% endcomment %}<!-- b --><script>alert(1)</script></div><p>ok</p>`;
    expect(shape(parseTemplate(source).children)).toEqual([
      'locked:raw',
      'locked:comment',
      'locked:html-comment',
      'locked:unsafe',
      'locked:odd-markup',
      { p: [] },
    ]);
  });

  it('locks the whole template when the Liquid does not pair up, and still gives it back', () => {
    const source = `<p>{% if a %}x</p>`;
    const tree = parseTemplate(source);
    expect(shape(tree.children)).toEqual(['locked:unparsable']);
    expect(serializeTree(tree)).toBe(source);
  });

  it('ends in time on a comment left open at the end (parse5 reports one character more)', () => {
    const source = '<!--<!doctype html><script></table>\n';
    expect(shape(parseTemplate(source).children)).toEqual(['locked:html-comment']);
  });

  it('locks a tag the parser drops whole, with the Liquid inside it (found by fast-check)', () => {
    const source = `<p></p><td title='{{ "x" }}'>Hi</td>`;
    expect(shape(parseTemplate(source).children)).toEqual([
      { p: [] },
      'locked:odd-markup',
      'locked:odd-markup',
    ]);
    expect(editText(source, 'Hi', 'Hello')).toBe(source.replace('Hi', 'Hello'));
  });

  it('reads the default of an output', () => {
    const tree = parseTemplate(`{{ customer.first_name | default: "there" | capitalize }}`);
    const [output] = tree.children;
    expect(output?.kind === 'output' && output.fallback?.value).toBe('there');
    expect(output?.kind === 'output' && output.filters).toBe('default: "there" | capitalize');
  });
});

const word = fc.constantFrom(
  'Hello',
  'a & b',
  'x &lt; y',
  '&amp;',
  'café',
  '  ',
  '\n',
  'Total:',
  '5 > 3',
  "it's",
);
const variable = fc.constantFrom('customer.first_name', 'order.total', 'shop.name', 'line.title');
const output = variable.map((name) => `{{ ${name} }}`);
const outputWithQuotes = fc.constantFrom(
  `{{ "img/x.jpg" | asset_url }}`,
  `{{ name | default: 'a "b"' }}`,
);
const attribute = fc.oneof(
  fc.constant(' class="c"'),
  output.map((value) => ` href="${value}"`),
  outputWithQuotes.map((value) => ` src="${value}"`),
  fc.constant(` style="color: red"{% if a %} hidden{% endif %}`),
  fc.constant(' title=\'{{ "x" }}\''),
);

/** Well-formed HTML + Liquid templates of the kinds people write. */
const template = fc.letrec<{ node: string; nodes: string; row: string; rows: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    word,
    output,
    fc
      .tuple(
        fc.constantFrom('p', 'div', 'td', 'span', 'strong', 'a', 'h1'),
        fc.array(attribute, { maxLength: 2 }),
        tie('nodes'),
      )
      .map(([tag, attributes, content]) => `<${tag}${attributes.join('')}>${content}</${tag}>`),
    fc
      .tuple(variable, tie('nodes'), fc.option(tie('nodes')))
      .map(
        ([condition, yes, no]) =>
          `{% if ${condition} %}${yes}${no === null ? '' : `{% else %}${no}`}{% endif %}`,
      ),
    tie('nodes').map((body) => `{% for line in order.lines %}${body}{% endfor %}`),
    fc.constant('<img src="{{ shop.logo }}" alt="">'),
    fc.constant('<br>'),
    fc.constant('{% raw %}{{ x }}{% endraw %}'),
    fc.constant('<!-- note -->'),
    fc.tuple(tie('rows')).map(([rows]) => `<table>\n${rows}</table>`),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }).map((nodes) => nodes.join('')),
  row: fc.oneof(
    tie('nodes').map((cell) => `<tr><td>${cell}</td></tr>\n`),
    tie('rows').map((rows) => `{% if order.note %}${rows}{% endif %}\n`),
    tie('rows').map((rows) => `{% for line in order.lines %}${rows}{% endfor %}\n`),
  ),
  rows: fc.array(tie('row'), { maxLength: 3 }).map((rows) => rows.join('')),
})).nodes;

/** Anything at all, from the pieces that break editors: unbalanced tags, quotes, half Liquid. */
const soup = fc
  .array(
    fc.constantFrom(
      '<p>',
      '</p>',
      '<tr>',
      '</tr>',
      '<td>',
      '</td>',
      '<table>',
      '</table>',
      '<div class="a">',
      '</div>',
      '{% if a %}',
      '{% else %}',
      '{% endif %}',
      '{% for x in y %}',
      '{% endfor %}',
      '{{ x }}',
      '{{ "q" }}',
      '"',
      "'",
      '<',
      '>',
      '&',
      '&amp;',
      '<!--',
      '-->',
      '{% raw %}',
      '{% endraw %}',
      '<img src="',
      '<br/>',
      'text',
      ' ',
      '\n',
      '\r\n',
      '<!doctype html>',
      '<body>',
      '<script>',
      '</script>',
      '<style>',
      '{%',
      '}}',
    ),
    { maxLength: 30 },
  )
  .map((pieces) => pieces.join(''));

function spansAreSound(tree: TemplateTree) {
  for (const node of allNodes(tree.children)) {
    expect(node.from).toBeLessThanOrEqual(node.to);
    expect(node.to).toBeLessThanOrEqual(tree.source.length);
  }
}

describe('parseTemplate: lossless by construction', () => {
  it.each([
    { kind: 'every generated template', sources: template, numRuns: 300 },
    { kind: 'any markup soup, however broken', sources: soup, numRuns: 500 },
  ])('gives back $kind byte for byte', ({ sources, numRuns }) => {
    fc.assert(
      fc.property(sources, (source) => {
        const tree = parseTemplate(source);
        expect(serializeTree(tree)).toBe(source);
        spansAreSound(tree);
      }),
      { numRuns },
    );
  });

  it('changes only the edited span when a text is edited, and the tree keeps its shape', () => {
    const withText = template.filter((source) => textNodes(parseTemplate(source)).length > 0);
    fc.assert(
      fc.property(withText, fc.nat(), fc.string({ maxLength: 8 }), (source, pick, typed) => {
        const tree = parseTemplate(source);
        const texts = textNodes(tree);
        const target = texts[pick % texts.length];
        if (!target) return;
        const before = decodeText(source.slice(target.from, target.to));
        const next = before.slice(0, pick % (before.length + 1)) + typed;
        const change = textChange(source, target, next);
        if (!change) {
          expect(next).toBe(before);
          return;
        }
        expect(change.from).toBeGreaterThanOrEqual(target.from);
        expect(change.to).toBeLessThanOrEqual(target.to);
        const edited = applyChange(source, change);
        expect(edited.slice(0, change.from)).toBe(source.slice(0, change.from));
        expect(edited.slice(edited.length - (source.length - change.to))).toBe(
          source.slice(change.to),
        );
        const after = parseTemplate(edited);
        expect(serializeTree(after)).toBe(edited);
        expect(shape(after.children)).toEqual(shape(tree.children));
      }),
      { numRuns: 300 },
    );
  });
});

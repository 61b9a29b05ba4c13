import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from './parse-template';
import { shiftTextEdit } from './shift-tree';
import { allNodes } from './template-tree';
import { applyChange } from './text-source';

const TEMPLATES = [
  `<!doctype html><html><head><style>p{color:red}</style></head><body>
<h1 style="font-family:sans-serif">Thank you, {{ customer.first_name | default: "there" }}!</h1>
<table role="presentation">
{% for line in order.lines %}<tr class="line"><td>{{ forloop.index }}.</td><td>{{ line.name }}{% if line.variant %} <small>({{ line.variant }})</small>{% endif %}</td><td class="stock">In stock</td></tr>
{% else %}<tr><td>Nothing</td></tr>{% endfor %}
</table>
<p>A { brace, 50% off &amp; more</p>
<!-- a comment -->{% raw %}{{ x }}{% endraw %}
<p>{% case s %}{% when 1 %}one{% else %}other{% endcase %} <a href="{{ shop.url }}">Shop</a></p>
</body></html>`,
  `<p>a</p>{% if x %}<div>b</div>{% endif %}<p>{ c</p>`,
];

describe('shiftTextEdit', () => {
  it('gives the tree that parsing the edited source gives, or leaves the tree alone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...TEMPLATES),
        fc.nat(),
        fc.nat(),
        fc.string({
          unit: fc.constantFrom('a', ' ', '{', '}', '%', '<', '&', ';', '\n', 'é'),
          maxLength: 4,
        }),
        (source, pick, length, insert) => {
          const tree = parseTemplate(source);
          const texts = [...allNodes(tree.children)].filter((node) => node.kind === 'text');
          const text = texts[pick % texts.length];
          if (!text) return;
          const from = text.from + (pick % (text.to - text.from + 1));
          const to = Math.min(text.to, from + (length % 4));
          const change = { from, to, insert };
          const next = applyChange(source, change);
          if (shiftTextEdit(tree, change)) {
            expect(tree.source).toBe(next);
            expect(tree).toEqual(parseTemplate(next));
          } else {
            expect(tree).toEqual(parseTemplate(source));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes typing a word, and not a brace or a line break', () => {
    const source = TEMPLATES[1] ?? '';
    const at = source.indexOf('b</div>');
    expect(shiftTextEdit(parseTemplate(source), { from: at, to: at, insert: 'big ' })).toBe(true);
    expect(shiftTextEdit(parseTemplate(source), { from: at, to: at, insert: '{' })).toBe(false);
    expect(shiftTextEdit(parseTemplate(source), { from: at, to: at, insert: '\n' })).toBe(false);
  });
});

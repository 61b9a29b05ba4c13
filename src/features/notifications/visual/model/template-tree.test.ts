import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTemplate } from './parse-template';
import { allNodes, nodesAround } from './template-tree';

const SOURCE = `<h1>Hi {{ name | default: "there" }}!</h1>
<table>{% for line in lines %}<tr><td><strong>{{ line.name }}</strong> <em>x</em></td></tr>{% endfor %}</table>
<p>{% if a %}<b>one</b>{% else %}two{% endif %} <a href="{{ url }}">three</a></p><!-- c -->`;

describe('nodesAround', () => {
  it('finds what a walk of every node finds, in the same order', () => {
    const tree = parseTemplate(SOURCE);
    const every = [...allNodes(tree.children)];
    fc.assert(
      fc.property(fc.nat(SOURCE.length), fc.nat(8), (from, length) => {
        const range = { from, to: Math.min(SOURCE.length, from + length) };
        const holding = every.filter((node) => node.from <= range.from && range.to <= node.to);
        expect(nodesAround(tree.children, range)).toEqual(holding);
      }),
    );
  });
});

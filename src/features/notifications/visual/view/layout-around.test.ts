import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../model/parse-template';
import { contentOutputId } from './layout-around';

function contentOf(html: string): string | null {
  const tree = parseTemplate(html);
  const id = contentOutputId(tree);
  if (id === null) return null;
  const node = [...walk(tree.children)].find((each) => each.id === id);
  return node ? html.slice(node.from, node.to) : null;
}

function* walk(nodes: ReturnType<typeof parseTemplate>['children']): Generator<{
  id: string;
  from: number;
  to: number;
}> {
  for (const node of nodes) {
    yield node;
    if (node.kind === 'element') yield* walk(node.children);
    if (node.kind === 'condition' || node.kind === 'loop') {
      for (const branch of node.branches) yield* walk(branch.children);
    }
  }
}

describe('the content place of a layout drawn in the canvas', () => {
  it("is the layout's {{ content }}, also with whitespace control, inside the markup", () => {
    expect(contentOf('<table><tr><td>{{ content }}</td></tr></table>')).toBe('{{ content }}');
    expect(contentOf('<div>{{- content -}}</div>')).toBe('{{- content -}}');
  });

  it('is not another output that mentions content, nor a filtered content', () => {
    expect(contentOf('<p>{{ content_title }} {{ content | upcase }}</p>')).toBeNull();
    expect(contentOf('<p>{{ shop.name }}</p>{{ content }}')).toBe('{{ content }}');
  });
});

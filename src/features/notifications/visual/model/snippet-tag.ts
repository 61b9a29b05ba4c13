// A snippet in the canvas (issue 38): Liquid's `{% render 'name' %}` is one block, a chip with the
// snippet's name, never edited inside (the snippet has its own editor). The parser locks every
// Liquid tag it does not frame; this tells which of those locks renders a snippet, and by what name.
import type { TemplateNode } from './template-tree';

/** `{% render 'name' %}` (arguments and whitespace control allowed), the name as Liquid quotes it. */
const RENDER_TAG = /^\{%-?\s*render\s+(['"])([a-z0-9][a-z0-9_-]*)\1(?:\s*,[^%]*|\s*)-?%\}$/;

/** The snippet a locked Liquid tag renders, or null when the node is not one `render` tag. */
export function renderedSnippet(source: string, node: TemplateNode): string | null {
  if (node.kind !== 'locked' || node.reason !== 'liquid') return null;
  return RENDER_TAG.exec(source.slice(node.from, node.to))?.[2] ?? null;
}

/** The tag that renders snippet `name` (names are lower-case letters, digits, - and _). */
export function renderTag(name: string): string {
  return `{% render '${name}' %}`;
}

/**
 * The elements of an HTML template the checks look at, read from its source with parse5 so each
 * keeps its line and column (Liquid is text to parse5, so `href="{{ url }}"` stays as written).
 */
import { parse } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface SourceElement {
  tag: string;
  attrs: Record<string, string>;
  line: number;
  column: number;
  /** Whether this element or one around it sets a background (style or `bgcolor`). */
  hasBackground: boolean;
}

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function setsBackground(attrs: Record<string, string>): boolean {
  return /(^|;)\s*background(-color|-image)?\s*:/i.test(attrs.style ?? '') || 'bgcolor' in attrs;
}

/** Every element of `source`, in document order. */
export function sourceElements(source: string): SourceElement[] {
  const document = parse(source, { sourceCodeLocationInfo: true });
  const out: SourceElement[] = [];
  const walk = (node: Node, background: boolean) => {
    let inner = background;
    if (isElement(node)) {
      const attrs = Object.fromEntries(node.attrs.map((attr) => [attr.name, attr.value]));
      inner = background || setsBackground(attrs);
      const location = node.sourceCodeLocation;
      // Elements parse5 adds itself (html, head, body of a fragment) have no location.
      if (location) {
        out.push({
          tag: node.tagName,
          attrs,
          line: location.startLine,
          column: location.startCol,
          hasBackground: inner,
        });
      }
    }
    const children =
      'content' in node ? node.content.childNodes : 'childNodes' in node ? node.childNodes : [];
    for (const child of children) walk(child, inner);
  };
  walk(document, false);
  return out;
}

export function hasLiquid(value: string): boolean {
  return /\{\{|\{%/.test(value);
}

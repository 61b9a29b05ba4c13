import { html, parse, parseFragment, type DefaultTreeAdapterTypes, type Token } from 'parse5';
import { VOID_ELEMENTS, type AttributeSpan, type LockedReason, type Span } from './template-tree';

type P5Node = DefaultTreeAdapterTypes.Node;
type Location = Token.Location;

/** An element or a locked piece found by the HTML parser, with its whole source range. */
export type MarkupItem =
  | (Span & {
      type: 'element';
      tag: string;
      open: Span;
      close: Span | null;
      attributes: AttributeSpan[];
    })
  | (Span & { type: 'locked'; reason: LockedReason });

/** Elements that would run, submit, embed or take input: never edited or shown in place. */
const UNSAFE = new Set([
  'script',
  'noscript',
  'iframe',
  'object',
  'embed',
  'applet',
  'frame',
  'frameset',
  'template',
  'form',
  'input',
  'select',
  'textarea',
  'button',
  'video',
  'audio',
  'canvas',
  'base',
  'svg',
  'math',
]);

/** parse5 counts the end of input as a character in a comment left open (`<!--` at the end). */
function spanOf(source: string, location: Location): Span {
  return { from: location.startOffset, to: Math.min(location.endOffset, source.length) };
}

/** `name="value"`: the value's span without its quotes, read from the source itself. */
function attributeSpan(source: string, name: string, location: Location): AttributeSpan {
  const from = location.startOffset;
  const to = location.endOffset;
  const text = source.slice(from, to);
  const equals = text.indexOf('=', 1);
  if (equals < 0) return { name, from, to, value: null, quote: '' };
  let valueStart = from + equals + 1;
  while (valueStart < to && /\s/.test(source[valueStart] ?? '')) valueStart++;
  const first = source[valueStart];
  if ((first === '"' || first === "'") && source[to - 1] === first && to - 1 > valueStart) {
    return { name, from, to, value: { from: valueStart + 1, to: to - 1 }, quote: first };
  }
  return { name, from, to, value: { from: valueStart, to }, quote: '' };
}

function elementItems(source: string, node: DefaultTreeAdapterTypes.Element, out: MarkupItem[]) {
  const location = node.sourceCodeLocation;
  const start = location?.startTag;
  if (!location || !start) {
    // Implied by the parser (html, head, body, tbody): not in the source, so not in the tree.
    collect(source, node, out);
    return;
  }
  const tag = node.tagName.toLowerCase();
  const open = spanOf(source, start);
  const end = location.endTag;
  if (node.namespaceURI !== html.NS.HTML || UNSAFE.has(tag)) {
    out.push({ type: 'locked', reason: 'unsafe', from: open.from, to: end?.endOffset ?? open.to });
    return;
  }
  if (VOID_ELEMENTS.has(tag) || end) {
    const attributes = Object.entries(location.attrs ?? {}).map(([name, at]) =>
      attributeSpan(source, name, at),
    );
    const close = end ? spanOf(source, end) : null;
    out.push({
      type: 'element',
      tag,
      open,
      close,
      attributes,
      from: open.from,
      to: close?.to ?? open.to,
    });
  } else {
    // Closed by the parser, not by the source (`<p>a<p>b`): the start tag alone is kept as it is.
    out.push({ type: 'locked', reason: 'odd-markup', ...open });
  }
  collect(source, node, out);
}

function collect(source: string, parent: P5Node, out: MarkupItem[]) {
  if (!('childNodes' in parent)) return;
  for (const child of parent.childNodes) {
    if (child.nodeName === '#text') continue;
    if (child.nodeName === '#comment' || child.nodeName === '#documentType') {
      const location = child.sourceCodeLocation;
      if (location) {
        const reason = child.nodeName === '#comment' ? 'html-comment' : 'doctype';
        out.push({ type: 'locked', reason, ...spanOf(source, location) });
      }
      continue;
    }
    if ('tagName' in child) elementItems(source, child, out);
  }
}

const DOCUMENT = /<(?:!doctype|html|head|body)[\s>]/i;

/**
 * Elements, comments and the doctype of the masked source, each with its source range. Text is
 * left out on purpose: it is read back from the source between these, in source order, so
 * whatever the parser would move (foster parenting, text after `</body>`) stays where it is.
 */
export function markupItems(source: string, masked: string): MarkupItem[] {
  const options = { sourceCodeLocationInfo: true };
  const root = DOCUMENT.test(masked) ? parse(masked, options) : parseFragment(masked, options);
  const out: MarkupItem[] = [];
  collect(source, root, out);
  return out;
}

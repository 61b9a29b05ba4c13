import { parseFragment } from 'parse5';
import type { Span } from './template-tree';

/** One change of the source, in CodeMirror's shape: replace `from`…`to` with `insert`. */
export interface SourceChange extends Span {
  insert: string;
}

/** A piece of text source and the text it stands for: a character, an entity, a CRLF. */
interface Segment {
  source: string;
  text: string;
}

const PIECE = /&(?:#\d+;?|#x[\da-f]+;?|[a-z][a-z\d]*;?)|\r\n?/gi;

const decoded = new Map<string, string>();

/** What the HTML parser reads for one entity (or CR/CRLF), asked of the parser itself. */
function decodePiece(piece: string): string {
  const hit = decoded.get(piece);
  if (hit !== undefined) return hit;
  const [node] = parseFragment(piece).childNodes;
  const text = node && 'value' in node ? node.value : piece;
  decoded.set(piece, text);
  return text;
}

function segmentsOf(source: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  const plain = (until: number) => {
    for (const char of source.slice(at, until)) segments.push({ source: char, text: char });
  };
  for (const match of source.matchAll(PIECE)) {
    plain(match.index);
    segments.push({ source: match[0], text: decodePiece(match[0]) });
    at = match.index + match[0].length;
  }
  plain(source.length);
  return segments;
}

/** The text a piece of HTML text source shows, entities decoded as the browser decodes them. */
export function decodeText(source: string): string {
  return segmentsOf(source)
    .map((segment) => segment.text)
    .join('');
}

/**
 * Text as HTML + Liquid source: markup characters become entities, and so does a `{` that
 * would start Liquid (`{{`, `{%`), so typed braces stay text. A no-break space is written as
 * `&nbsp;`, which is how people write it and how it stays visible in the code.
 */
export function escapeText(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\{(?=[{%])/g, '&#123;')
    .replace(/\u00a0/g, '&nbsp;');
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

function commonSuffix(a: string, b: string, limit: number): number {
  let n = 0;
  while (n < limit && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  return n;
}

/**
 * The smallest change that makes the text source at `span` show `next`. Characters the admin
 * did not touch keep their source as written (an `&amp;` stays an `&amp;`, a `&#39;` a `&#39;`);
 * only the changed run is escaped and replaced. Null when nothing changes.
 */
export function textChange(source: string, span: Span, next: string): SourceChange | null {
  const segments = segmentsOf(source.slice(span.from, span.to));
  const texts = segments.map((segment) => segment.text);
  const current = texts.join('');
  if (current === next) return null;
  // Count whole segments on both ends, so an entity is kept or replaced as a whole.
  let head = 0;
  let headText = 0;
  const prefix = commonPrefix(current, next);
  for (const text of texts) {
    if (headText + text.length > prefix) break;
    headText += text.length;
    head++;
  }
  let tail = 0;
  let tailText = 0;
  const suffix = commonSuffix(current, next, Math.min(current.length, next.length) - headText);
  for (let index = segments.length - 1; index >= head; index--) {
    const text = texts[index] ?? '';
    if (tailText + text.length > suffix) break;
    tailText += text.length;
    tail++;
  }
  const sourceLength = (list: readonly Segment[]) =>
    list.reduce((sum, segment) => sum + segment.source.length, 0);
  let from = span.from + sourceLength(segments.slice(0, head));
  const to = span.to - sourceLength(segments.slice(segments.length - tail));
  let inserted = next.slice(headText, next.length - tailText);
  // A kept `{` just before the change would start Liquid with an inserted `{` or `%`.
  if (source[from - 1] === '{' && /^[{%]/.test(inserted)) {
    from--;
    inserted = `{${inserted}`;
  }
  let insert = escapeText(inserted);
  // Likewise an inserted trailing `{` before a kept `{` or `%`, or before the next Liquid.
  if (insert.endsWith('{') && /^[{%]/.test(source.slice(to, to + 1))) {
    insert = `${insert.slice(0, -1)}&#123;`;
  }
  return { from, to, insert };
}

/** Where the `offset`-th character of the text at `span` starts in the source. */
export function sourceOffsetAt(source: string, span: Span, offset: number): number {
  let at = span.from;
  let shown = 0;
  for (const segment of segmentsOf(source.slice(span.from, span.to))) {
    if (shown >= offset) break;
    shown += segment.text.length;
    at += segment.source.length;
  }
  return at;
}

/** How many characters of the text at `span` come before a source offset inside it. */
export function textOffsetAt(source: string, span: Span, offset: number): number {
  return decodeText(source.slice(span.from, Math.max(span.from, Math.min(offset, span.to)))).length;
}

/** The source with one change applied. */
export function applyChange(source: string, change: SourceChange): string {
  return source.slice(0, change.from) + change.insert + source.slice(change.to);
}

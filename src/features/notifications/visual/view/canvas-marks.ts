// The canvas's marks for what is not edited in place: locked islands (a button that opens the
// code at their line), HTML comments as small markers, and `http:` images as a placeholder.
import { commentKind, commentLabel } from '../model/comment-kind';
import { make, type Drawing } from './drawing';
import type { LockedNode } from '../model/template-tree';
import { insecureImageNote } from '../model/url-filter';

export const TABLE_SECTIONS = new Set(['table', 'thead', 'tbody', 'tfoot']);

/** Where a comment sits between blocks: a marker in the flow there would take a line. */
const BLOCK_CONTEXTS = new Set(['div', 'body', 'head', 'td', 'th', 'center', 'section', 'article']);

const LOCK_LABELS: Record<LockedNode['reason'], string> = {
  crossing: 'Liquid that opens and closes different elements',
  raw: 'Raw Liquid',
  comment: 'Liquid comment',
  'html-comment': 'HTML comment',
  'odd-markup': 'Markup the browser would repair',
  unsafe: 'Embedded content',
  liquid: 'Liquid tag',
  doctype: 'Doctype',
  unparsable: 'Liquid that does not parse',
};

/**
 * An `http:` image is not loaded (the dashboard's CSP allows `https:` images only, and a secure
 * page blocks insecure content): a placeholder says so instead of an empty box.
 */
export function insecureImage(drawing: Drawing, nodeId: string, src: string): HTMLElement {
  const why = insecureImageNote(src);
  const box = make(drawing, 'span', 'sc-insecure-image', why);
  box.contentEditable = 'false';
  box.setAttribute('role', 'img');
  box.setAttribute('aria-label', why);
  if (!drawing.copyMode) box.dataset.node = nodeId;
  return box;
}

/** A locked island: a button that opens the code at its line, placed as its context allows. */
export function lockBox(drawing: Drawing, node: LockedNode, context: string): HTMLElement {
  if (node.reason === 'html-comment') return commentMarker(drawing, node, context);
  const inline = !['table', 'thead', 'tbody', 'tfoot', 'tr', 'div', 'body', 'td'].includes(context);
  const box = make(drawing, inline ? 'span' : 'div', 'sc-locked');
  box.contentEditable = 'false';
  if (!drawing.copyMode) box.dataset.node = node.id;
  const button = make(
    drawing,
    'button',
    'sc-locked-button',
    `${LOCK_LABELS[node.reason]}: edit in code (line ${node.line})`,
  );
  button.type = 'button';
  button.dataset.offset = String(node.from);
  button.title = drawing.source.slice(node.from, Math.min(node.to, node.from + 200));
  box.append(button);
  return wrapForTable(drawing, box, context);
}

/**
 * An HTML comment is no content of the message: a small marker, not a chip that takes a line or
 * a column. Between rows and cells (and between blocks) it is positioned out of the flow, so
 * the table keeps its columns; an Outlook conditional comment says what it is for.
 */
export function commentMarker(drawing: Drawing, node: LockedNode, context: string): HTMLElement {
  const markup = drawing.source.slice(node.from, node.to);
  const kind = commentKind(markup);
  const inFlow = !BLOCK_CONTEXTS.has(context) && !TABLE_SECTIONS.has(context) && context !== 'tr';
  const box = make(drawing, 'span', `sc-locked sc-comment${inFlow ? '' : ' sc-comment-out'}`);
  box.contentEditable = 'false';
  if (!drawing.copyMode) box.dataset.node = node.id;
  const button = make(drawing, 'button', `sc-locked-button sc-comment-button sc-comment-${kind}`);
  const label = commentLabel(kind);
  button.textContent = label.shown;
  button.type = 'button';
  button.dataset.offset = String(node.from);
  button.title = markup.slice(0, 200);
  button.setAttribute('aria-label', `${label.name}: edit in code (line ${String(node.line)})`);
  box.append(button);
  return box;
}

/** Table sections and rows hold rows and cells only: labels go in one of those. */
export function wrapForTable(drawing: Drawing, content: HTMLElement, context: string): HTMLElement {
  if (context !== 'tr' && !TABLE_SECTIONS.has(context)) return content;
  const cell = make(drawing, 'td', 'sc-table-label');
  cell.colSpan = 100;
  cell.contentEditable = 'false';
  cell.append(content);
  if (context === 'tr') return cell;
  const row = make(drawing, 'tr', '');
  row.append(cell);
  return row;
}

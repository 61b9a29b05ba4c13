// The notes of the side-by-side mode as DOM of the canvas document: custom elements (a
// template's `p`/`div`/`span` rules cannot reach them), outside every editable element.
import type { Piece } from '../visual/model/block-text';
import type { BlockNote } from './reference-notes';

export const NOTES_CSS = `
sc-notes{position:absolute;top:0;left:0;width:0;height:0;overflow:visible;z-index:4}
sc-note{position:absolute;display:block;box-sizing:border-box;font:400 12px/1.45 system-ui,sans-serif;color:#334155;background:#f8fafc;border:1px solid #cbd5e1;border-left:3px solid #64748b;border-radius:4px;padding:4px 8px;overflow-wrap:anywhere;text-align:start;cursor:default;user-select:text}
sc-note[data-change="changed"]{border-left-color:#b45309;background:#fffbeb}
sc-note[data-change="new"]{border-left-color:#1d4ed8;background:#eff6ff}
sc-note[data-current]{box-shadow:0 0 0 2px #2563eb}
sc-note[hidden]{display:none}
sc-note-label{display:block;font:600 10px/1.4 system-ui,sans-serif;letter-spacing:.04em;text-transform:uppercase;color:#475569}
sc-note-flag{display:inline-block;margin-left:6px;padding:0 4px;border-radius:3px;text-transform:none;letter-spacing:0;color:#fff;background:#b45309}
sc-note[data-change="new"] sc-note-flag{background:#1d4ed8}
sc-note-chip{display:inline-block;font:500 11px/1.3 ui-monospace,monospace;color:#4c1d95;background:#ede9fe;border-radius:3px;padding:0 3px}
sc-del{text-decoration:line-through;text-decoration-thickness:2px;color:#991b1b;background:#fee2e2}
sc-ins{text-decoration:underline;text-decoration-thickness:2px;color:#14532d;background:#dcfce7}
sc-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
html.sc-side-wide{padding-right:var(--sc-gutter) !important}
html.sc-side-narrow sc-note{font-size:11px;padding:2px 6px}
`;

function make(doc: Document, tag: string, text?: string): HTMLElement {
  const element = doc.createElement(tag);
  if (text !== undefined) element.textContent = text;
  return element;
}

function appendPiece(doc: Document, parent: HTMLElement, piece: Piece) {
  if (piece.kind === 'liquid') parent.append(make(doc, 'sc-note-chip', piece.text));
  else parent.append(piece.text);
}

/** One note: the language, a flag when the block changed, and the text (or its diff). */
export function noteElement(doc: Document, note: BlockNote, language: string, id: string) {
  const element = make(doc, 'sc-note');
  element.id = id;
  element.dataset.block = note.blockId;
  element.dataset.change = note.change.kind;
  const label = make(doc, 'sc-note-label', language);
  if (note.change.kind !== 'same') {
    const flag = note.change.kind === 'new' ? `new in ${language}` : 'changed';
    label.append(make(doc, 'sc-sr', ', '), make(doc, 'sc-note-flag', flag));
  }
  label.append(make(doc, 'sc-sr', ': '));
  element.append(label);
  if (note.change.kind === 'changed') {
    for (const part of note.change.diff) {
      if (part.op === 'same') {
        appendPiece(doc, element, part.piece);
        continue;
      }
      // Struck and marked, and said: colour alone does not carry it.
      const mark = make(doc, part.op === 'removed' ? 'sc-del' : 'sc-ins');
      mark.append(make(doc, 'sc-sr', part.op === 'removed' ? ' removed: ' : ' added: '));
      appendPiece(doc, mark, part.piece);
      mark.append(make(doc, 'sc-sr', part.op === 'removed' ? ' (end removed) ' : ' (end added) '));
      element.append(mark);
    }
  } else {
    for (const piece of note.pieces) appendPiece(doc, element, piece);
  }
  return element;
}

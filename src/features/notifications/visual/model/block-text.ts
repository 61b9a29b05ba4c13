// The text of a canvas block as a translator reads it: words, with Liquid kept whole as chips.
import { decodeText } from './text-source';
import type { ElementNode, TemplateNode } from './template-tree';

/** A run of plain text, or one piece of Liquid (`{{ … }}`, `{% … %}`) shown as a chip. */
export interface Piece {
  kind: 'text' | 'liquid';
  text: string;
}

const MAX_CHIP = 60;

function chip(source: string): Piece {
  const text = source.replace(/\s+/g, ' ').trim();
  return {
    kind: 'liquid',
    text: text.length > MAX_CHIP ? `${text.slice(0, MAX_CHIP - 1)}…` : text,
  };
}

function push(pieces: Piece[], piece: Piece) {
  const last = pieces.at(-1);
  if (piece.kind === 'text' && last?.kind === 'text') last.text += piece.text;
  else pieces.push(piece);
}

function collect(source: string, nodes: readonly TemplateNode[], pieces: Piece[]) {
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        push(pieces, { kind: 'text', text: decodeText(source.slice(node.from, node.to)) });
        break;
      case 'output':
        push(pieces, { kind: 'liquid', text: `{{ ${node.expression} }}` });
        break;
      case 'element':
        // A line break reads as a space; inline marks (strong, em, a, span) only hold their text.
        if (node.tag === 'br') push(pieces, { kind: 'text', text: ' ' });
        else collect(source, node.children, pieces);
        break;
      case 'condition':
      case 'loop':
        for (const branch of node.branches) {
          push(pieces, chip(source.slice(branch.marker.from, branch.marker.to)));
          collect(source, branch.children, pieces);
        }
        push(pieces, chip(source.slice(node.close.from, node.close.to)));
        break;
      case 'locked':
        push(pieces, chip(source.slice(node.from, node.to)));
        break;
    }
  }
}

/** The block's text with its whitespace collapsed as the browser shows it, Liquid as chips. */
export function blockPieces(source: string, element: ElementNode): Piece[] {
  const raw: Piece[] = [];
  collect(source, element.children, raw);
  const pieces: Piece[] = [];
  for (const piece of raw) {
    push(
      pieces,
      piece.kind === 'text' ? { kind: 'text', text: piece.text.replace(/\s+/g, ' ') } : piece,
    );
  }
  const first = pieces[0];
  if (first?.kind === 'text') first.text = first.text.trimStart();
  const last = pieces.at(-1);
  if (last?.kind === 'text') last.text = last.text.trimEnd();
  return pieces.filter((piece) => piece.text !== '');
}

/** The pieces as one string (for comparing two versions of a block). */
export function piecesText(pieces: readonly Piece[]): string {
  return pieces.map((piece) => piece.text).join('');
}

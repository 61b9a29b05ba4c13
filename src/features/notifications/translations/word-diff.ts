// A word-level diff of two block texts, for showing a translator what changed in the default.
import type { Piece } from '../visual/model/block-text';

export type DiffOp = 'same' | 'added' | 'removed';

export interface DiffPart {
  op: DiffOp;
  piece: Piece;
}

/** Past this many tokens a side, the block is shown as replaced whole (the table is n×m). */
const MAX_TOKENS = 600;

/** Words, runs of whitespace and Liquid chips, each one token. */
function tokens(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    if (piece.kind === 'liquid') out.push(piece);
    else
      for (const word of piece.text.match(/\s+|[^\s]+/g) ?? [])
        out.push({ kind: 'text', text: word });
  }
  return out;
}

function same(a: Piece, b: Piece): boolean {
  if (a.kind !== b.kind) return false;
  // Any two runs of whitespace read alike.
  return a.text === b.text || (a.kind === 'text' && a.text.trim() === '' && b.text.trim() === '');
}

/** Joins neighbouring text tokens of one operation back into runs. */
function merged(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out.at(-1);
    if (last && last.op === part.op && last.piece.kind === 'text' && part.piece.kind === 'text') {
      last.piece = { kind: 'text', text: last.piece.text + part.piece.text };
    } else out.push({ op: part.op, piece: { ...part.piece } });
  }
  return out;
}

/**
 * What changed from `before` to `after`, word by word (a longest common subsequence of words,
 * spaces and Liquid chips); removed words come before the words added in their place.
 */
export function wordDiff(before: readonly Piece[], after: readonly Piece[]): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length > MAX_TOKENS || b.length > MAX_TOKENS) {
    return merged([
      ...a.map((piece) => ({ op: 'removed' as const, piece })),
      ...b.map((piece) => ({ op: 'added' as const, piece })),
    ]);
  }
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lengths[i];
    const below = lengths[i + 1];
    if (!row || !below) continue;
    for (let j = b.length - 1; j >= 0; j--) {
      const ai = a[i];
      const bj = b[j];
      row[j] =
        ai && bj && same(ai, bj)
          ? (below[j + 1] ?? 0) + 1
          : Math.max(below[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const ai = a[i];
    const bj = b[j];
    if (ai && bj && same(ai, bj)) {
      parts.push({ op: 'same', piece: bj });
      i++;
      j++;
    } else if (ai && (!bj || (lengths[i + 1]?.[j] ?? 0) >= (lengths[i]?.[j + 1] ?? 0))) {
      parts.push({ op: 'removed', piece: ai });
      i++;
    } else if (bj) {
      parts.push({ op: 'added', piece: bj });
      j++;
    }
  }
  return merged(regroup(parts));
}

function isSpace(part: DiffPart): boolean {
  return part.piece.kind === 'text' && part.piece.text.trim() === '';
}

/** The tokens of one operation in a region, with whitespace runs collapsed to one space. */
function side(region: readonly DiffPart[], op: 'removed' | 'added'): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of region) {
    if (part.op !== op && part.op !== 'same') continue;
    if (isSpace(part) && (out.length === 0 || isSpace(out.at(-1) as DiffPart))) continue;
    out.push({ op, piece: isSpace(part) ? { kind: 'text', text: ' ' } : part.piece });
  }
  while (out.length > 0 && isSpace(out.at(-1) as DiffPart)) out.pop();
  return out;
}

/**
 * Changes separated only by spaces become one region, shown as all its removed words, then all
 * its added words: "a b c" → "x y c" reads "~~a b~~ x y c", not "~~a~~ x ~~b~~ y c".
 */
function regroup(parts: readonly DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  let index = 0;
  while (index < parts.length) {
    const part = parts[index] as DiffPart;
    if (part.op === 'same') {
      out.push(part);
      index++;
      continue;
    }
    let end = index + 1;
    for (;;) {
      const next = parts[end];
      if (next && next.op !== 'same') end++;
      else if (next && isSpace(next) && parts[end + 1] && parts[end + 1]?.op !== 'same') end += 2;
      else break;
    }
    const region = parts.slice(index, end);
    const removed = side(region, 'removed');
    const added = side(region, 'added');
    const space: DiffPart = { op: 'same', piece: { kind: 'text', text: ' ' } };
    // A space added or removed at an edge of the region still parts it from its neighbours.
    const previous = out.at(-1);
    if (isSpace(part) && previous && !isSpace(previous)) out.push(space);
    out.push(...removed);
    if (removed.length > 0 && added.length > 0) out.push(space);
    out.push(...added);
    const next = parts[end];
    if (isSpace(region.at(-1) as DiffPart) && next && !isSpace(next)) out.push(space);
    index = end;
  }
  return out;
}

/** Whether a diff changes anything. */
export function hasChanges(parts: readonly DiffPart[]): boolean {
  return parts.some((part) => part.op !== 'same');
}

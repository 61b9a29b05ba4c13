// What an edit in the canvas must do to the source, computed from the selection in source terms
// alone: the property test's oracle. Written apart from the canvas's own code (canvas-input.ts),
// with string rules: tags are kept, everything else in the range goes, a mark left empty goes.

export type Action =
  | { kind: 'type'; word: string }
  | { kind: 'paste'; text: string }
  | { kind: 'backspace' }
  | { kind: 'delete' }
  | { kind: 'enter' }
  | { kind: 'bold' }
  | { kind: 'undo' };

export interface OracleState {
  source: string;
  from: number;
  to: number;
}

const MARKS = 'a|b|strong|i|em|u|s|span|small|font|code|mark|sup|sub';
const EMPTY_MARK = new RegExp(`<(${MARKS})\\b[^<>]*></\\1>`, 'gi');
const MARK_TAG_BEFORE = new RegExp(`<\\/?(?:${MARKS})\\b[^<>]*>$`, 'i');
const MARK_TAG_AFTER = new RegExp(`^<\\/?(?:${MARKS})\\b[^<>]*>`, 'i');
/** One character of text source: an entity, a CRLF, a surrogate pair, or one code unit. */
const CHAR_BEFORE =
  /(?:&(?:#\d+;?|#x[\da-f]+;?|[a-z][a-z\d]*;)|\r\n|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^<>])$/i;
const CHAR_AFTER =
  /^(?:&(?:#\d+;?|#x[\da-f]+;?|[a-z][a-z\d]*;)|\r\n|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^<>])/i;
const CHIP_BEFORE = /\{\{[^{}]*\}\}$/;
const CHIP_AFTER = /^\{\{[^{}]*\}\}/;
const LAYOUT = /^[ \t\n\r\f]*[\n\r\t][ \t\n\r\f]*/;

/** Removes the non-tag source of [from, to), inserts `insert` at `from`, drops emptied marks. */
function replace(source: string, from: number, to: number, insert: string): OracleState {
  // A line break is content (selected, it goes); every other tag stays.
  const kept = (source.slice(from, to).match(/<(?!br\b)[^<>]*>/gi) ?? []).join('');
  let next = source.slice(0, from) + insert + kept + source.slice(to);
  let caret = from + insert.length;
  // Marks the edit emptied, around the place it happened (others in the template stay).
  for (;;) {
    EMPTY_MARK.lastIndex = 0;
    let removed = false;
    for (const match of next.matchAll(EMPTY_MARK)) {
      const end = match.index + match[0].length;
      if (match.index <= caret + kept.length && end >= from) {
        next = next.slice(0, match.index) + next.slice(end);
        if (match.index < caret) caret = Math.max(match.index, caret - match[0].length);
        removed = true;
        break;
      }
    }
    if (!removed) break;
  }
  return { source: next, from: caret, to: caret };
}

/** The whole content of a mark is the range: deleting it deletes the mark. */
function markAround(source: string, from: number, to: number): [number, number] | null {
  const open = new RegExp(`<(${MARKS})\\b[^<>]*>$`, 'i').exec(source.slice(0, from));
  if (!open) return null;
  const close = `</${open[1] ?? ''}>`;
  if (source.slice(to, to + close.length).toLowerCase() !== close.toLowerCase()) return null;
  if (/<\/?[a-z]/i.test(source.slice(from, to))) return null;
  return [open.index, to + close.length];
}

function deleteAtCaret(source: string, caret: number, backward: boolean): OracleState {
  let at = caret;
  // The code's layout whitespace shows nothing, beside the caret or past a mark's tag (the
  // newline and indentation after `</a>`): step over it, and over the tags, until neither is.
  for (let moved = true; moved;) {
    const start = at;
    if (backward) {
      const run = /[ \t\n\r\f]*$/.exec(source.slice(0, at))?.[0] ?? '';
      if (LAYOUT.test(run) && /[>}]$/.test(source.slice(0, at - run.length))) at -= run.length;
    } else {
      const run = LAYOUT.exec(source.slice(at))?.[0] ?? '';
      if (run && /^[<{]/.test(source.slice(at + run.length))) at += run.length;
    }
    for (;;) {
      const tag = backward
        ? MARK_TAG_BEFORE.exec(source.slice(0, at))
        : MARK_TAG_AFTER.exec(source.slice(at));
      if (!tag || /^<\/?br\b/i.test(tag[0])) break;
      at += backward ? -tag[0].length : tag[0].length;
    }
    moved = at !== start;
  }
  const chip = backward ? CHIP_BEFORE.exec(source.slice(0, at)) : CHIP_AFTER.exec(source.slice(at));
  const char = backward ? CHAR_BEFORE.exec(source.slice(0, at)) : CHAR_AFTER.exec(source.slice(at));
  const piece = chip?.[0] ?? char?.[0];
  if (!piece || (!chip && /^[{}%]$/.test(piece))) return { source, from: caret, to: caret };
  const from = backward ? at - piece.length : at;
  const to = from + piece.length;
  const whole = markAround(source, from, to);
  if (whole) return replace(source, whole[0], whole[1], '');
  return replace(source, from, to, '');
}

/** The source after `action` on `state`'s selection, and the selection after it. */
export function step(state: OracleState, action: Action): OracleState {
  const { source, from, to } = state;
  switch (action.kind) {
    case 'type':
      return replace(source, from, to, action.word);
    case 'paste':
      return replace(source, from, to, action.text);
    case 'enter':
      return replace(source, from, to, '<br>');
    case 'backspace':
    case 'delete': {
      if (from !== to) {
        const whole = markAround(source, from, to);
        return whole ? replace(source, whole[0], whole[1], '') : replace(source, from, to, '');
      }
      return deleteAtCaret(source, from, action.kind === 'backspace');
    }
    case 'bold': {
      const next = `${source.slice(0, from)}<strong>${source.slice(from, to)}</strong>${source.slice(to)}`;
      return { source: next, from: from + 8, to: to + 8 };
    }
    case 'undo':
      return state;
  }
}

/** Actions whose runs the history joins into one undo step when they follow each other. */
export function joins(action: Action): boolean {
  return action.kind === 'type' || action.kind === 'backspace' || action.kind === 'delete';
}

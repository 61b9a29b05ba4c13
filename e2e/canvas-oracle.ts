// What an edit in the canvas must do to the source, computed from the selection in source terms
// alone: the property test's oracle. Written apart from the canvas's own code (canvas-input.ts),
// with string rules: tags are kept, everything else in the range goes, a mark left empty goes;
// Enter splits the block the caret is in (found by scanning the tags before it), Shift+Enter
// writes a `<br>`, Backspace and Delete at a block's edge join it with a neighbour of its kind.

export type Action =
  | { kind: 'type'; word: string }
  | { kind: 'paste'; text: string }
  | { kind: 'backspace' }
  | { kind: 'delete' }
  | { kind: 'enter' }
  | { kind: 'shift-enter' }
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
  // A line break is a character of the text: the key takes it.
  const br = backward
    ? /<br\b[^<>]*>$/i.exec(source.slice(0, at))
    : /^<br\b[^<>]*>/i.exec(source.slice(at));
  if (br) {
    const start = backward ? at - br[0].length : at;
    return replace(source, start, start + br[0].length, '');
  }
  const chip = backward ? CHIP_BEFORE.exec(source.slice(0, at)) : CHIP_AFTER.exec(source.slice(at));
  const char = backward ? CHAR_BEFORE.exec(source.slice(0, at)) : CHAR_AFTER.exec(source.slice(at));
  const piece = chip?.[0] ?? char?.[0];
  if (!piece) return join(source, at, backward, caret);
  const from = backward ? at - piece.length : at;
  const to = from + piece.length;
  // Deleting text never writes Liquid: a deletion that would join `{` and `{`/`%` (or `%`/`}` and
  // `}`) is left undone. A brace or `%` that is plain text (`15%`) goes like any character.
  const joined = source.slice(from - 1, from) + source.slice(to, to + 1);
  if (!chip && /^(?:\{[{%]|[%}]\})$/.test(joined)) return { source, from: caret, to: caret };
  const whole = markAround(source, from, to);
  if (whole) return replace(source, whole[0], whole[1], '');
  return replace(source, from, to, '');
}

const VOID = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;
const SPLIT = /^(?:p|h[1-6]|li|blockquote|div)$/;
const MARK_NAME = new RegExp(`^(?:${MARKS})$`, 'i');
const TOKEN =
  /<!--[\s\S]*?-->|<(\/?)([a-z][a-z\d]*)\b[^<>]*?(\/?)>|\{%-?\s*(\w+)[\s\S]*?-?%\}|\{\{[\s\S]*?\}\}/gi;

interface Open {
  /** An element's lower-case name, or `%` for a Liquid frame (if, unless, case, for). */
  name: string;
  tag: string;
  from: number;
}

/** What is open at `caret`: the elements and Liquid frames, outermost first. */
function openAt(source: string, caret: number): Open[] {
  const stack: Open[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(source); match && match.index < caret; match = TOKEN.exec(source)) {
    const [whole, slash, element, selfClosing, liquid] = match;
    if (match.index + whole.length > caret) break;
    if (liquid) {
      if (/^(?:if|unless|case|for)$/.test(liquid))
        stack.push({ name: '%', tag: whole, from: match.index });
      else if (/^end(?:if|unless|case|for)$/.test(liquid)) {
        const at = stack.map((open) => open.name).lastIndexOf('%');
        if (at >= 0) stack.length = at;
      }
      continue;
    }
    if (!element) continue;
    const name = element.toLowerCase();
    if (slash) {
      const at = stack.map((open) => open.name).lastIndexOf(name);
      if (at >= 0) stack.length = at;
    } else if (!selfClosing && !VOID.test(name))
      stack.push({ name, tag: whole, from: match.index });
  }
  return stack;
}

/** A start tag without its `id` attribute (only the first half of a split block keeps it). */
function withoutId(tag: string): string {
  return tag.replace(/\s+id\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/i, '');
}

/** Enter at a caret: the block split in two (marks closed and reopened), or a `<br>`. */
function enter(source: string, caret: number): OracleState {
  const stack = openAt(source, caret);
  let k = stack.length - 1;
  while (k >= 0 && MARK_NAME.test(stack[k]?.name ?? '') && !/^a$/i.test(stack[k]?.name ?? '')) k--;
  const block = stack[k];
  if (!block || !SPLIT.test(block.name)) return replace(source, caret, caret, '<br>');
  const marks = stack.slice(k + 1);
  // The block's line's indentation goes before the second half too.
  const blockFrom = block.from;
  const lineStart = source.lastIndexOf('\n', blockFrom - 1) + 1;
  const indent = source.slice(lineStart, blockFrom);
  const separator = /^[ \t]*$/.test(indent) ? `\n${indent}` : '';
  const insert =
    [...marks]
      .reverse()
      .map((mark) => `</${mark.name}>`)
      .join('') +
    `</${block.name}>` +
    separator +
    withoutId(block.tag) +
    marks.map((mark) => withoutId(mark.tag)).join('');
  const next = source.slice(0, caret) + insert + source.slice(caret);
  return { source: next, from: caret + insert.length, to: caret + insert.length };
}

const BLOCK_NAME = '(p|h[1-6]|li|blockquote|div)';
const BLOCK_START_BEFORE = new RegExp(
  `<\\/${BLOCK_NAME}\\s*>[ \\t\\n\\r\\f]*<${BLOCK_NAME}\\b[^<>]*>$`,
  'i',
);
const BLOCK_END_AFTER = new RegExp(
  `^<\\/${BLOCK_NAME}\\s*>[ \\t\\n\\r\\f]*<${BLOCK_NAME}\\b[^<>]*>`,
  'i',
);

function sameKind(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x === y || (/^h\d$/.test(x) && /^h\d$/.test(y));
}

/**
 * Backspace (Delete) with nothing left to take before (after) the caret in its block: joins the
 * block with the one before (after) it when they are of a kind and only whitespace is between.
 */
function join(source: string, at: number, backward: boolean, caret: number): OracleState {
  const match = backward
    ? BLOCK_START_BEFORE.exec(source.slice(0, at))
    : BLOCK_END_AFTER.exec(source.slice(at));
  if (!match || !sameKind(match[1] ?? '', match[2] ?? ''))
    return { source, from: caret, to: caret };
  let from = backward ? match.index : at;
  let to = backward ? at : at + match[0].length;
  // The code's layout at the end of the first text and the start of the second goes too.
  const before = /[ \t\n\r\f]*$/.exec(source.slice(0, from))?.[0] ?? '';
  if (/[\n\r\t]/.test(before)) from -= before.length;
  const after = /^[ \t\n\r\f]*/.exec(source.slice(to))?.[0] ?? '';
  if (/[\n\r\t]/.test(after)) to += after.length;
  let next = source.slice(0, from) + source.slice(to);
  const first = (match[1] ?? '').toLowerCase();
  const second = (match[2] ?? '').toLowerCase();
  if (first !== second) {
    // The second heading's end tag becomes the first's.
    const close = new RegExp(`</${second}\\s*>`, 'i').exec(next.slice(from));
    if (close) {
      const end = from + close.index;
      next = `${next.slice(0, end)}</${first}>${next.slice(end + close[0].length)}`;
    }
  }
  return { source: next, from, to: from };
}

/** The source after `action` on `state`'s selection, and the selection after it. */
export function step(state: OracleState, action: Action): OracleState {
  const { source, from, to } = state;
  switch (action.kind) {
    case 'type':
      return replace(source, from, to, action.word);
    case 'paste':
      return replace(source, from, to, action.text);
    case 'enter': {
      // A selection goes first, as Delete takes it; then the block is split at the caret.
      const whole = from === to ? null : markAround(source, from, to);
      const rest = whole
        ? replace(source, whole[0], whole[1], '')
        : from === to
          ? state
          : replace(source, from, to, '');
      return enter(rest.source, rest.from);
    }
    case 'shift-enter':
      // A line break is typed like a character: it replaces the selection, inside its marks.
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

import type { Span } from './template-tree';

/** A top-level piece of `{{ … }}` markup between pipes, with its offset in the markup. */
interface Piece {
  text: string;
  at: number;
}

/** Splits at pipes that are not inside quotes. */
function splitPipes(markup: string): Piece[] {
  const pieces: Piece[] = [];
  let quote = '';
  let start = 0;
  for (let index = 0; index < markup.length; index++) {
    const char = markup[index];
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '|') {
      pieces.push({ text: markup.slice(start, index), at: start });
      start = index + 1;
    }
  }
  pieces.push({ text: markup.slice(start), at: start });
  return pieces;
}

const DEFAULT_FILTER = /^(\s*default\s*:\s*)("([^"]*)"|'([^']*)'|[^\s,]+)/;

export interface OutputParts {
  expression: string;
  filters: string;
  /** The `| default:` argument: its value and its span, relative to the markup. */
  fallback: { value: string; span: Span } | null;
}

/** `customer.first_name | default: "there"` → expression, filters and the default's literal. */
export function parseOutputMarkup(markup: string): OutputParts {
  const [head, ...filters] = splitPipes(markup);
  let fallback: OutputParts['fallback'] = null;
  for (const filter of filters) {
    const match = DEFAULT_FILTER.exec(filter.text);
    if (!match) continue;
    const [, lead = '', literal = '', doubleQuoted, singleQuoted] = match;
    const from = filter.at + lead.length;
    fallback = {
      value: doubleQuoted ?? singleQuoted ?? literal,
      span: { from, to: from + literal.length },
    };
    break;
  }
  return {
    expression: (head?.text ?? '').trim(),
    filters: filters
      .map((filter) => filter.text.trim())
      .join(' | ')
      .trim(),
    fallback,
  };
}

/** Where the markup of `{{ … }}` starts, past `{{` or `{{-`. */
export function markupOffset(source: string, outputFrom: number): number {
  return outputFrom + (source[outputFrom + 2] === '-' ? 3 : 2);
}

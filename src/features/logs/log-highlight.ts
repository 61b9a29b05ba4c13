import { logLevelOperator } from '../../../contract/schemas/app-log';

/** A piece of text, marked when it matches one of the search terms. */
export interface HighlightSegment {
  text: string;
  match: boolean;
}

/**
 * The words and quoted phrases of a `q` search that the text itself should contain: the
 * `level:error` and `level>=error` operators are filters, not text, so they are left out. Terms are lower-cased,
 * unique, and longest first so that an alternation prefers the longer of two overlapping terms.
 */
export function queryTerms(q: string | undefined): string[] {
  if (!q) return [];
  const terms = new Set<string>();
  const tokenPattern = /"([^"]*)"?|(\S+)/g;
  for (const match of q.matchAll(tokenPattern)) {
    const phrase = match[1];
    const word = match[2];
    if (phrase !== undefined) {
      const trimmed = phrase.trim();
      if (trimmed) terms.add(trimmed.toLowerCase());
    } else if (word !== undefined && !logLevelOperator(word)) {
      terms.add(word.toLowerCase());
    }
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const patternCache = new Map<string, RegExp>();

function termsPattern(terms: readonly string[]): RegExp {
  const key = terms.join('\u0000');
  let pattern = patternCache.get(key);
  if (!pattern) {
    pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'giu');
    // The cache only ever holds the few searches of one session; keep it from growing anyway.
    if (patternCache.size > 32) patternCache.clear();
    patternCache.set(key, pattern);
  }
  return pattern;
}

/**
 * Splits `text` into plain and matching segments, case-insensitively. Without terms, or
 * without a match, the result is the whole text as one plain segment.
 */
export function highlightSegments(text: string, terms: readonly string[]): HighlightSegment[] {
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  const pattern = termsPattern(terms);
  const segments: HighlightSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (match[0] === '') continue;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: match[0], match: true });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments.length > 0 ? segments : [{ text, match: false }];
}

import { describe, expect, it } from 'vitest';
import { blockPieces, type Piece } from '../visual/model/block-text';
import { parseTemplate } from '../visual/model/parse-template';
import { hasChanges, wordDiff, type DiffPart } from './word-diff';

function pieces(html: string): Piece[] {
  const tree = parseTemplate(`<p>${html}</p>`);
  const [p] = tree.children;
  if (p?.kind !== 'element') throw new Error('no paragraph');
  return blockPieces(tree.source, p);
}

/** The diff written as text: [-removed-] and {+added+}, chips in ‹›. */
function written(parts: readonly DiffPart[]): string {
  return parts
    .map(({ op, piece }) => {
      const text = piece.kind === 'liquid' ? `‹${piece.text}›` : piece.text;
      return op === 'removed' ? `[-${text}-]` : op === 'added' ? `{+${text}+}` : text;
    })
    .join('');
}

describe('wordDiff', () => {
  it('marks removed and added words, removed first', () => {
    expect(
      written(wordDiff(pieces('Your account is ready to use.'), pieces('Your account is ready.'))),
    ).toBe('Your account is [-ready to use.-] {+ready.+}');
    expect(written(wordDiff(pieces('a b c'), pieces('x y c')))).toBe('[-a b-] {+x y+} c');
    expect(written(wordDiff(pieces('Hello there'), pieces('Hello there dear')))).toBe(
      'Hello there {+dear+}',
    );
    expect(written(wordDiff(pieces('Hello x there'), pieces('Hello there')))).toBe(
      'Hello [-x-] there',
    );
    expect(written(wordDiff(pieces('Hello there'), pieces('Hello dear there')))).toBe(
      'Hello {+dear+} there',
    );
  });

  it('keeps Liquid whole: a changed variable is one chip removed and one added', () => {
    expect(
      written(
        wordDiff(
          pieces('Hi {{ customer.name }}, welcome'),
          pieces('Hi {{ customer.first_name }}, welcome'),
        ),
      ),
    ).toBe('Hi [-‹{{ customer.name }}›-] {+‹{{ customer.first_name }}›+}, welcome');
  });

  it('reads through nested inline marks as plain words', () => {
    const before = pieces('Your <strong>order <em>is</em></strong> ready');
    const after = pieces('Your <strong>order</strong> <em>was</em> ready');
    expect(written(wordDiff(before, after))).toBe('Your order [-is-] {+was+} ready');
  });

  it('says when nothing changed', () => {
    expect(hasChanges(wordDiff(pieces('Same  text'), pieces('Same text')))).toBe(false);
    expect(hasChanges(wordDiff(pieces(''), pieces('New')))).toBe(true);
  });

  it('shows a huge block as replaced whole instead of building an n×m table', () => {
    const many = Array.from({ length: 700 }, (_, index) => `w${String(index)}`).join(' ');
    const parts = wordDiff(pieces(many), pieces(`${many} more`));
    expect(parts.map((part) => part.op)).toEqual(['removed', 'added']);
  });
});

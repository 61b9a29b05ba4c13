import { describe, expect, it } from 'vitest';
import { diffStats, foldUnchanged, lineDiff } from './line-diff';

describe('lineDiff', () => {
  it('numbers lines on both sides', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a', oldLine: 1, newLine: 1 },
      { kind: 'removed', text: 'b', oldLine: 2 },
      { kind: 'removed', text: 'c', oldLine: 3 },
      { kind: 'added', text: 'B', newLine: 2 },
      { kind: 'added', text: 'c', newLine: 3 },
      { kind: 'added', text: 'd', newLine: 4 },
    ]);
  });

  it('shows nothing changed for equal text and handles empty sides', () => {
    expect(diffStats(lineDiff('x\ny', 'x\ny'))).toEqual({ added: 0, removed: 0 });
    expect(lineDiff('', 'new')).toEqual([{ kind: 'added', text: 'new', newLine: 1 }]);
    expect(lineDiff('old\n', '')).toEqual([{ kind: 'removed', text: 'old', oldLine: 1 }]);
  });

  it('folds long unchanged stretches around changes', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const folded = foldUnchanged(lineDiff(before, after), 2);
    expect(folded[0]).toEqual({ kind: 'gap', hidden: 7 });
    expect(folded.filter((row) => row.kind !== 'gap')).toHaveLength(6);
    expect(folded.at(-1)).toEqual({ kind: 'gap', hidden: 8 });
  });
});

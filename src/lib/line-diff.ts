import { diffLines } from 'diff';

export interface DiffRow {
  kind: 'same' | 'added' | 'removed';
  text: string;
  /** 1-based line in the saved version (absent for added lines). */
  oldLine?: number;
  /** 1-based line in the edited version (absent for removed lines). */
  newLine?: number;
}

export interface DiffGap {
  kind: 'gap';
  /** Unchanged lines folded away. */
  hidden: number;
}

function splitLines(value: string): string[] {
  if (value === '') return [];
  const lines = value.split('\n');
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** Line-by-line diff of a saved and an edited field, numbered on both sides. */
export function lineDiff(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = 1;
  let newLine = 1;
  for (const change of diffLines(before, after)) {
    for (const text of splitLines(change.value)) {
      if (change.added) rows.push({ kind: 'added', text, newLine: newLine++ });
      else if (change.removed) rows.push({ kind: 'removed', text, oldLine: oldLine++ });
      else rows.push({ kind: 'same', text, oldLine: oldLine++, newLine: newLine++ });
    }
  }
  return rows;
}

/** Keeps `context` unchanged lines around each change and folds the rest into gaps. */
export function foldUnchanged(rows: readonly DiffRow[], context = 3): (DiffRow | DiffGap)[] {
  const keep = rows.map(() => false);
  rows.forEach((row, index) => {
    if (row.kind === 'same') return;
    for (
      let i = Math.max(0, index - context);
      i <= Math.min(rows.length - 1, index + context);
      i += 1
    ) {
      keep[i] = true;
    }
  });
  const result: (DiffRow | DiffGap)[] = [];
  let hidden = 0;
  rows.forEach((row, index) => {
    if (keep[index]) {
      if (hidden > 0) result.push({ kind: 'gap', hidden });
      hidden = 0;
      result.push(row);
    } else {
      hidden += 1;
    }
  });
  if (hidden > 0) result.push({ kind: 'gap', hidden });
  return result;
}

export function diffStats(rows: readonly DiffRow[]): { added: number; removed: number } {
  return {
    added: rows.filter((row) => row.kind === 'added').length,
    removed: rows.filter((row) => row.kind === 'removed').length,
  };
}

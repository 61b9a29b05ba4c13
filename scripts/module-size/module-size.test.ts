import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkModuleSizes, lineCount } from './module-size';

let roots: string[] = [];

/** A temp tree with these files (path → number of lines). */
function tree(files: Record<string, number>): string {
  const root = mkdtempSync(join(tmpdir(), 'module-size-'));
  roots.push(root);
  for (const [path, lines] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), 'export {};\n'.repeat(lines));
  }
  return root;
}

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

describe('the module size check', () => {
  it('counts lines as wc -l does, and a last line without its newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
  });

  it('fails on a product module over the limit, a test helper included', () => {
    const root = tree({
      'server/big.ts': 401,
      'server/fits.ts': 400,
      'src/features/x/helper.test-helper.ts': 401,
      'contract/wide.tsx': 401,
    });
    expect(checkModuleSizes(root, [])).toEqual([
      'module over 400 lines: contract/wide.tsx (401); split it by job',
      'module over 400 lines: server/big.ts (401); split it by job',
      'module over 400 lines: src/features/x/helper.test-helper.ts (401); split it by job',
    ]);
  });

  it('leaves tests, declarations and what is not the product alone', () => {
    const root = tree({
      'server/a.test.ts': 900,
      'src/b.property.test.tsx': 900,
      'src/types.d.ts': 900,
      'bench/editor.ts': 900,
      'e2e/notifications.spec.ts': 900,
      'scripts/data.ts': 900,
    });
    expect(checkModuleSizes(root, [])).toEqual([]);
  });

  it('lets an allowed module be long, and asks for it to leave the list once it is not', () => {
    const root = tree({ 'server/logs/long.ts': 450, 'server/logs/split.ts': 120 });
    expect(checkModuleSizes(root, ['server/logs/long.ts'])).toEqual([]);
    expect(
      checkModuleSizes(root, ['server/logs/long.ts', 'server/logs/split.ts', 'server/gone.ts']),
    ).toEqual([
      'allowed over 400 lines but 120 lines: server/logs/split.ts; take it off the list',
      'allowed over 400 lines but not found: server/gone.ts; take it off the list',
    ]);
  });
});

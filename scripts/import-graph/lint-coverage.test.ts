// The import check stands in for ESLint's import-x/no-cycle (decision 099) only if its graph holds
// every file `eslint .` lints. This asks ESLint itself, file by file across the tree, which files
// it lints (its config and ignores, nothing linted), so a new folder or file type ESLint picks up
// and the graph misses fails here rather than going unchecked.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { buildImportGraph, compilerOptionsOf } from './import-graph';

const ROOT = process.cwd();

/** Every file of the tree but node_modules and .git, which ESLint never lints. */
function everyFile(folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(ROOT, folder), { withFileTypes: true })) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '.git') found.push(...everyFile(path));
    } else {
      found.push(path);
    }
  }
  return found;
}

// Loading ESLint's config (its plugins, React's compiler among them) and walking the tree take a
// few seconds of CPU, many times that on a loaded machine: an allowance, not a speed check.
const LOADED_MACHINE_ALLOWANCE_MS = 120_000;

describe('the import graph against what ESLint lints', () => {
  it('holds every file `eslint .` lints', { timeout: LOADED_MACHINE_ALLOWANCE_MS }, async () => {
    // ESLint counts a file as ignored when its ignores match it or no config covers it.
    const eslint = new ESLint({ cwd: ROOT });
    const linted: string[] = [];
    for (const file of everyFile('')) if (!(await eslint.isPathIgnored(file))) linted.push(file);
    const graph = buildImportGraph(ROOT, [''], compilerOptionsOf(ROOT));
    // The tree's own files, so an empty answer cannot pass for coverage.
    expect(linted).toEqual(
      expect.arrayContaining([
        'eslint.config.js',
        'e2e/fixtures.ts',
        'contract/render-document.js',
      ]),
    );
    expect(linted.filter((file) => !graph.has(file))).toEqual([]);
  });
});

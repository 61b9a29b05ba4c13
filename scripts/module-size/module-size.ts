/**
 * No product module over 400 lines (issue 37): a module that long does more than one job. The
 * product is what ships or serves, and the helpers its tests share: every TypeScript file under
 * `contract/`, `server/` and `src/` except the tests themselves (`*.test.ts(x)`); benchmarks and
 * browser specs (bench/, e2e/) are not looked at. The allow-list names modules still waiting for
 * their split; one that has come under the limit must leave the list, so it only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const MODULE_LINE_LIMIT = 400;

/** The folders whose modules are the product. */
export const PRODUCT_FOLDERS = ['contract', 'server', 'src'] as const;

/**
 * Modules allowed over the limit for a while, each with the reason in a comment; empty since
 * app-logs-read.ts and log-waits.ts were split (an allowed module that shrinks fails, so the
 * list only shrinks).
 */
export const OVERSIZED_ALLOWED: readonly string[] = [];

const MODULE = /\.(ts|tsx)$/;
const TEST = /\.test\.tsx?$/;

function productModules(root: string, folder: string): string[] {
  const found: string[] = [];
  let entries;
  try {
    entries = readdirSync(join(root, folder), { withFileTypes: true });
  } catch {
    return found; // A tree without this folder has no modules in it.
  }
  for (const entry of entries) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) {
        found.push(...productModules(root, path));
      }
    } else if (MODULE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** Lines as `wc -l` counts them, plus a last line without its newline. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

/**
 * Each product module of `root` over `limit` lines and not allowed, and each allowed one that
 * is no longer over (or no longer there), as a sentence to print.
 */
export function checkModuleSizes(
  root: string,
  allowed: readonly string[] = OVERSIZED_ALLOWED,
  limit = MODULE_LINE_LIMIT,
): string[] {
  const sizes = new Map(
    PRODUCT_FOLDERS.flatMap((folder) => productModules(root, folder)).map(
      (path) => [path, lineCount(readFileSync(join(root, path), 'utf8'))] as const,
    ),
  );
  const problems: string[] = [];
  for (const [path, lines] of [...sizes].sort(([a], [b]) => a.localeCompare(b))) {
    if (lines > limit && !allowed.includes(path)) {
      problems.push(`module over ${limit} lines: ${path} (${lines}); split it by job`);
    }
  }
  for (const path of allowed) {
    const lines = sizes.get(path);
    if (lines === undefined || lines <= limit) {
      problems.push(
        `allowed over ${limit} lines but ${lines === undefined ? 'not found' : `${lines} lines`}: ${path}; take it off the list`,
      );
    }
  }
  return problems;
}

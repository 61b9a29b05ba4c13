/**
 * Moves files and folders with `git mv` and rewrites every path that named them, so that a move is
 * a commit of pure renames (issue 37).
 *
 *   npx tsx scripts/move-files.ts old=new [old=new …] [--dry-run]
 *   npx tsx scripts/move-files.ts --map moves.json [--dry-run]     (a JSON object { old: new })
 *
 * `old` is a tracked file or folder (paths from the repository root); a folder moves with every
 * tracked file under it. Then, in every tracked .ts/.tsx/.js/.mjs/.cjs file:
 * - each relative string literal (`'./x'`, `'../y/z'`: import, export-from, `import()`,
 *   `vi.mock`, `new URL('./worker.js', import.meta.url)` …) that resolves to a project file or
 *   folder is recomputed when its target or the file holding it moved, keeping its style
 *   (extensionless, `/index` left out, trailing slash);
 * - each root-relative path (`'server/platform/main.ts'` in a spawn, a config include) of a moved file or
 *   folder is replaced;
 * and root-relative paths in package.json and the Markdown outside docs/decisions/ (records keep
 * the paths of their day). Globs over a folder that is split (`server/routes/**`) are not
 * rewritten: the output lists the files that still name an old path so they can be fixed by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, posix } from 'node:path';

const CODE = /\.(ts|tsx|js|mjs|cjs|mts)$/;
const TEXT = /(^|\/)package\.json$|\.md$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.js', '.mjs', '.json', '/index.ts', '/index.tsx'];

function git(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

function parseArgs(argv: string[]): { map: Map<string, string>; dryRun: boolean } {
  const map = new Map<string, string>();
  let dryRun = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--map') {
      const file = argv[(i += 1)];
      if (file === undefined) throw new Error('--map needs a JSON file');
      const pairs = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      for (const [from, to] of Object.entries(pairs)) map.set(clean(from), clean(to));
    } else {
      const [from, to] = arg.split('=');
      if (from === undefined || to === undefined || from === '' || to === '') {
        throw new Error(`not old=new: ${arg}`);
      }
      map.set(clean(from), clean(to));
    }
  }
  if (map.size === 0) throw new Error('usage: move-files.ts old=new [old=new …] [--dry-run]');
  return { map, dryRun };
}

function clean(path: string): string {
  return posix.normalize(path).replace(/^\.\//, '').replace(/\/$/, '');
}

const tracked = git(['ls-files', '-z'])
  .split('\0')
  .filter((file) => file !== '');
const trackedSet = new Set(tracked);
const folders = new Set<string>(['.']);
for (const file of tracked) {
  for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) folders.add(dir);
}

const { map, dryRun } = parseArgs(process.argv.slice(2));

/** Every moved file, old → new. */
const fileMoves = new Map<string, string>();
/** Every moved folder (given or implied), old → new, longest first. */
const folderMoves: [string, string][] = [];
for (const [from, to] of map) {
  if (trackedSet.has(from)) fileMoves.set(from, to);
  else if (folders.has(from)) {
    folderMoves.push([from, to]);
    for (const file of tracked) {
      if (file.startsWith(`${from}/`)) fileMoves.set(file, to + file.slice(from.length));
    }
  } else throw new Error(`not a tracked file or folder: ${from}`);
}
folderMoves.sort((a, b) => b[0].length - a[0].length);

function newPathOf(path: string): string {
  const file = fileMoves.get(path);
  if (file !== undefined) return file;
  for (const [from, to] of folderMoves) {
    if (path === from || path.startsWith(`${from}/`)) return to + path.slice(from.length);
  }
  return path;
}

/** A relative specifier's target: the file (or folder) it names and how it was spelled. */
function resolve(
  importer: string,
  specifier: string,
): { target: string; suffix: string } | undefined {
  const base = posix.normalize(posix.join(posix.dirname(importer), specifier));
  if (base.startsWith('..')) return undefined;
  for (const suffix of RESOLVE_SUFFIXES) {
    if (trackedSet.has(base + suffix)) return { target: base + suffix, suffix };
  }
  if (folders.has(base.replace(/\/$/, ''))) return { target: base.replace(/\/$/, ''), suffix: '' };
  return undefined;
}

function relativeSpecifier(fromFile: string, target: string, suffix: string, slash: boolean) {
  const spelled = suffix === '' ? target : target.slice(0, -suffix.length);
  let specifier = posix.relative(posix.dirname(fromFile), spelled);
  if (specifier === '') specifier = '.';
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  return slash ? `${specifier}/` : specifier;
}

const RELATIVE_LITERAL = /(['"`])(\.\.?\/[^'"`\n$]*|\.\.?)\1/g;

function rewriteRelative(file: string, text: string): string {
  const movedFile = newPathOf(file);
  return text.replace(RELATIVE_LITERAL, (whole, quote: string, specifier: string) => {
    const resolved = resolve(file, specifier);
    if (resolved === undefined) return whole;
    const newTarget = newPathOf(resolved.target);
    if (newTarget === resolved.target && movedFile === file) return whole;
    const next = relativeSpecifier(movedFile, newTarget, resolved.suffix, specifier.endsWith('/'));
    return `${quote}${next}${quote}`;
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Root-relative mentions: moved files, then moved folders (longest first), at path boundaries. */
const rootPatterns: [RegExp, (match: string) => string][] = [
  ...[...fileMoves].map(([from, to]): [RegExp, (match: string) => string] => [
    new RegExp(`(?<![\\w./-])${escape(from)}(?![\\w/-])`, 'g'),
    () => to,
  ]),
  ...folderMoves.map(([from, to]): [RegExp, (match: string) => string] => [
    new RegExp(`(?<![\\w./-])${escape(from)}(?=/|['"\`\\s)]|$)`, 'gm'),
    () => to,
  ]),
];

function rewriteRooted(text: string): string {
  let result = text;
  for (const [pattern, replacement] of rootPatterns) result = result.replace(pattern, replacement);
  return result;
}

// Read and rewrite everything in the old world, then move, then write to the new places.
const writes = new Map<string, string>();
for (const file of tracked) {
  if (file.startsWith('docs/decisions/') || file.startsWith('e2e/canvas-corpus/')) continue;
  const isCode = CODE.test(file);
  if (!isCode && !TEXT.test(file)) continue;
  const before = readFileSync(file, 'utf8');
  const after = rewriteRooted(isCode ? rewriteRelative(file, before) : before);
  if (after !== before) writes.set(newPathOf(file), after);
}

for (const [from, to] of fileMoves) {
  console.log(`${from} → ${to}`);
  if (dryRun) continue;
  mkdirSync(dirname(to), { recursive: true });
  git(['mv', from, to]);
}
for (const [file, text] of writes) {
  console.log(`rewrote ${file}`);
  if (!dryRun) writeFileSync(file, text);
}

// Folders emptied by the move go too.
function removeEmpty(dir: string): void {
  let here = dir;
  while (here !== '.' && here !== '') {
    try {
      if (readdirSync(here).length > 0) return;
      rmdirSync(here);
    } catch {
      return;
    }
    here = dirname(here);
  }
}
if (!dryRun) for (const from of fileMoves.keys()) removeEmpty(dirname(from));

// What still names an old path (globs over a split folder, prose): for a hand to finish.
if (!dryRun) {
  const left = new Set<string>();
  const olds = [...fileMoves.keys(), ...folderMoves.map(([folder]) => folder)];
  const args = ['grep', '-o', '--fixed-strings', ...olds.flatMap((old) => ['-e', old])];
  try {
    for (const hit of git([...args, '--', '.', ':!docs/decisions']).split('\n')) {
      if (hit !== '') left.add(hit);
    }
  } catch {
    // git grep exits 1 when nothing matches.
  }
  for (const line of [...left].sort()) console.log(`still names an old path: ${line}`);
}

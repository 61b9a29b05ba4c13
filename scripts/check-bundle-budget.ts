// Bundle budget (issue 3, tightened in issue 37): the JavaScript that the sign-in page and the
// apps page load must stay at most 140 kB gzip in total (150 before the shell's schemas moved to
// zod/mini, decision 057; 140 is issue 37's target, reached in decision 080 by asking the
// discard dialog, the sign-in checks and the compile status card on demand), and what the first
// open of the template editor loads beyond the entry (its chunk and everything that chunk
// imports statically) at most 180 kB gzip, under issue 37's target of 220 (357 before decision
// 080 loaded CodeMirror's grammars after the first paint and the save's review when there is
// something to save; 264 before decision 083 gave the document one owner that needs
// @codemirror/state alone, so the code view and CodeMirror's view load when a code view is
// first shown; 176.2 since decision 090, which also keeps the text version's and the sample's
// code views from mounting, hence from fetching CodeMirror's view, until they are shown:
// e2e/notifications-first-open.spec.ts watches the requests; 178.3 since decision 091 starts a
// template's layout part and snippets with the editor, whose preload code and clients load with it). Counting the chunk alone said 117 kB once Rollup moved CodeMirror into a shared
// chunk, which is why the closure is counted. What loads on demand (the code view, then the
// grammars) is shown, not counted. Run after `vite build`; walks dist/.vite/manifest.json from
// the entry and the route chunks through their static imports, counts each file once, and
// gzips it the way a server would (level 9, close to what CDNs send).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 140 * 1024;
const EDITOR_BUDGET_BYTES = 180 * 1024;
/** The template editor's lazy chunk: with its static imports, what the first open of a notification loads. */
const EDITOR_CHUNK = 'src/features/notifications/editor/notification-editor.tsx';
/** The template's page, which imports the editor's chunk on demand. */
const EDITOR_PAGE_CHUNK = 'src/features/notifications/editor/notification-editor-page.tsx';
/** A code view, loaded when one is first shown (decision 083): shown, not budgeted. */
const CODE_VIEW_CHUNK = 'src/features/notifications/editor/code-editor.tsx';
/** What a code view loads once it has mounted (decision 080): shown, not budgeted. */
const AFTER_PAINT_CHUNK = 'src/features/notifications/editor/code-editor-language.ts';
const DIST = join(process.cwd(), 'dist');

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const ROUTE_CHUNKS = {
  'sign-in': 'src/app/sign-in-page.tsx',
  apps: 'src/features/apps/apps-list-page.tsx',
} as const;

function readManifest(): Manifest {
  try {
    return JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    console.error(
      'No dist/.vite/manifest.json: run `npx vite build` first (build.manifest is on).',
    );
    process.exit(1);
  }
}

function chunkIn(manifest: Manifest, key: string): ManifestChunk {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk ${key}`);
  return chunk;
}

/**
 * The editor chunk's manifest key. The bundler keys a chunk by its module while that module is
 * the chunk's face, and by the chunk's name (`_notification-editor-<hash>.js`) once modules the
 * layout's page shares with the editor are merged into it: then it is found where the template's
 * page imports it.
 */
function editorChunkKey(manifest: Manifest): string {
  if (manifest[EDITOR_CHUNK]) return EDITOR_CHUNK;
  const imported = chunkIn(manifest, EDITOR_PAGE_CHUNK).dynamicImports ?? [];
  const key = imported.find((candidate) => manifest[candidate]?.name === 'notification-editor');
  if (!key) throw new Error(`The manifest has no chunk ${EDITOR_CHUNK}`);
  return key;
}

/** The manifest keys of START and everything it imports statically. */
function staticClosure(manifest: Manifest, start: string, seen = new Set<string>()): Set<string> {
  if (seen.has(start)) return seen;
  const chunk = chunkIn(manifest, start);
  seen.add(start);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  const cached = gzipCache.get(file);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
  gzipCache.set(file, size);
  return size;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const manifest = readManifest();
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
const [entry, ...otherEntries] = entries;
if (!entry || otherEntries.length > 0) {
  throw new Error(`Expected one entry chunk, found ${entries.length}`);
}
const entryKey = entry[0];

const entryClosure = staticClosure(manifest, entryKey);
const all = new Set(entryClosure);
const rows: Array<[string, number]> = [];
const sum = (keys: Iterable<string>) =>
  [...keys].reduce((total, key) => total + gzipSize(chunkIn(manifest, key).file), 0);

rows.push(['entry + static imports', sum(entryClosure)]);
for (const [page, chunkKey] of Object.entries(ROUTE_CHUNKS)) {
  const closure = staticClosure(manifest, chunkKey);
  const pageOnly = [...closure].filter((key) => !entryClosure.has(key));
  rows.push([`${page} page (entry + route chunks)`, sum(entryClosure) + sum(pageOnly)]);
  for (const key of closure) all.add(key);
}
const total = sum(all);

console.log('JavaScript loaded by the sign-in and apps pages (gzip -9, each file once):');
for (const [label, bytes] of rows) console.log(`  ${label.padEnd(36)} ${kb(bytes)}`);
console.log(
  `  ${'total, both pages'.padEnd(36)} ${kb(total)} (${all.size} files; budget ${kb(BUDGET_BYTES)})`,
);

const editorOnly = [...staticClosure(manifest, editorChunkKey(manifest))].filter(
  (key) => !entryClosure.has(key),
);
const editor = sum(editorOnly);
console.log(
  `Template editor, first open beyond the entry (gzip -9): ${kb(editor)} (${editorOnly.length} files; budget ${kb(EDITOR_BUDGET_BYTES)})`,
);
const firstOpen = new Set([...entryClosure, ...editorOnly]);
const files = (count: number) => `${count} file${count === 1 ? '' : 's'}`;
const codeView = [...staticClosure(manifest, CODE_VIEW_CHUNK)].filter((key) => !firstOpen.has(key));
console.log(
  `  then, when a code view is first shown: CodeMirror's view, ${kb(sum(codeView))} (${files(codeView.length)}; not budgeted)`,
);
const afterPaint = [...staticClosure(manifest, AFTER_PAINT_CHUNK)].filter(
  (key) => !firstOpen.has(key) && !codeView.includes(key),
);
console.log(
  `  and once it has mounted: the grammars, ${kb(sum(afterPaint))} (${files(afterPaint.length)}; not budgeted)`,
);

let over = false;
if (total > BUDGET_BYTES) {
  console.error(`Sign-in + apps over budget by ${kb(total - BUDGET_BYTES)}.`);
  over = true;
}
if (editor > EDITOR_BUDGET_BYTES) {
  console.error(`Template editor's first open over budget by ${kb(editor - EDITOR_BUDGET_BYTES)}.`);
  over = true;
}
if (over) process.exit(1);

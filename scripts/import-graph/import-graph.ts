/**
 * The import graph of a source tree, type-only imports included, and the rules it must keep:
 * no cycle, no arrow up the layers (contract ← database ← http ← wings ← their routes ←
 * platform ← the dashboard), and a wing reaches another only through its index.ts.
 *
 * Why not the lint rule alone: `import-x/no-cycle` skips `import type`, and a cycle through types
 * still couples the modules (the six-file circle of server/store, issue 27). Why not madge or
 * dpdm: neither is a dependency here, and dpdm's `-T` drops type imports, the very edges we want.
 * TypeScript's own pre-processor lists every import, export-from and `import()` of a file
 * (lexically, so `import type` too), and its resolver follows them as the compiler does.
 *
 * The graph holds every file `eslint .` lints (TypeScript and JavaScript, declaration files too),
 * so its cycles are a superset of what `import-x/no-cycle` found, and the rule is gone from
 * eslint.config.js: it was most of ESLint's time (decision 099).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/** Files (paths relative to the root, with `/`) and the project files each imports. */
export type ImportGraph = Map<string, string[]>;

/** What ESLint lints here: its defaults (.js, .mjs, .cjs) and typescript-eslint's. */
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;

/**
 * The folders at the root that `eslint .` does not lint: eslint.config.js's `ignores` (which
 * match at the root only), and what ESLint never lints. lint-coverage.test.ts asks ESLint
 * itself, file by file, that nothing it lints is left out of the graph.
 */
export const UNLINTED_AT_ROOT: ReadonlySet<string> = new Set([
  'dist',
  'data',
  'test-results',
  'playwright-report',
  'coverage',
  '.tmp',
]);

/** Never linted at any depth. */
const NEVER_LINTED = new Set(['node_modules', '.git']);

function sourceFiles(root: string, folder: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      const skipped =
        NEVER_LINTED.has(entry.name) || (folder === '' && UNLINTED_AT_ROOT.has(entry.name));
      if (!skipped) found.push(...sourceFiles(root, path));
    } else if (SOURCE.test(entry.name)) {
      found.push(path);
    }
  }
  return found;
}

/** The whole project: `folders` for `checkImports` when every linted file is to be checked. */
export const WHOLE_PROJECT: readonly string[] = [''];

/**
 * A declaration file's implementation beside it (`x.d.ts` → `x.js`): TypeScript resolves an
 * import of `./x.js` to `x.d.ts`, while the code that runs (and ESLint's resolver) follows
 * `x.js` and its own imports, so the graph keeps both arrows.
 */
function implementationOf(declaration: string, known: ReadonlySet<string>): string | undefined {
  const match = /^(.*)\.d\.(ts|mts|cts)$/.exec(declaration);
  if (match === null) return undefined;
  const extension = { ts: 'js', mts: 'mjs', cts: 'cjs' }[match[2] as 'ts' | 'mts' | 'cts'];
  const implementation = `${match[1] ?? ''}.${extension}`;
  return known.has(implementation) ? implementation : undefined;
}

/**
 * The graph of every source file under `folders` of `root` (`''` is the whole project), edges
 * within those files.
 */
export function buildImportGraph(
  root: string,
  folders: readonly string[],
  compilerOptions: ts.CompilerOptions,
): ImportGraph {
  const files = folders.flatMap((folder) => sourceFiles(root, folder));
  const known = new Set(files);
  // JavaScript modules are in the graph, so the resolver must be allowed to land on them.
  const options = { ...compilerOptions, allowJs: true };
  const host = ts.createCompilerHost(options);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const absolute = join(root, file);
    const info = ts.preProcessFile(readFileSync(absolute, 'utf8'), true, true);
    const targets = new Set<string>();
    for (const imported of info.importedFiles) {
      const resolved = ts.resolveModuleName(imported.fileName, absolute, options, host)
        .resolvedModule?.resolvedFileName;
      if (resolved === undefined) continue;
      const target = relative(root, resolved).split(sep).join('/');
      for (const reached of [target, implementationOf(target, known)]) {
        if (reached !== undefined && known.has(reached) && reached !== file) targets.add(reached);
      }
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** Each cycle of the graph as a path of files (first file repeated at the end). */
export function findCycles(graph: ImportGraph): string[][] {
  // Tarjan's strongly connected components; a component of two or more files holds a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return components.map((component) => cyclePath(graph, new Set(component)));
}

/** One cycle through a strongly connected component, found by walking its edges. */
function cyclePath(graph: ImportGraph, component: ReadonlySet<string>): string[] {
  const start = [...component].sort()[0] ?? '';
  const path = [start];
  const seen = new Map([[start, 0]]);
  let current = start;
  for (;;) {
    const next = (graph.get(current) ?? []).find((target) => component.has(target)) ?? start;
    const at = seen.get(next);
    if (at !== undefined) return [...path.slice(at), next];
    seen.set(next, path.length);
    path.push(next);
    current = next;
  }
}

/** A layer: files whose path starts with one of `prefixes` (or equals it). */
export interface Layer {
  name: string;
  prefixes: readonly string[];
}

/** The wings of the server: each a folder with its store/ and routes/ (decision 056). */
const WINGS = [
  'access',
  'alerts',
  'apps',
  'audit',
  'consent',
  'logs',
  'notifications',
  'site',
] as const;

/**
 * The layers, lowest first: a file may import its own layer or a lower one. Every folder of
 * `contract/` and `server/` has one (decision 056). The dashboard (`src/`) is put on top so that
 * nothing below imports it: the contract and the server never import the client.
 */
export const SERVER_LAYERS: readonly Layer[] = [
  { name: 'contract', prefixes: ['contract/'] },
  { name: 'database', prefixes: ['server/database/'] },
  { name: 'http', prefixes: ['server/http/'] },
  {
    name: 'wing',
    prefixes: [
      ...WINGS.map((wing) => `server/${wing}/`),
      'server/logs/store/',
      'server/logs/search/',
      'server/logs/waits/',
    ],
  },
  { name: 'routes', prefixes: WINGS.map((wing) => `server/${wing}/routes/`) },
  {
    name: 'platform',
    prefixes: ['server/platform/', 'server/demo/', 'server/access/cli/', 'server/reliability/'],
  },
  { name: 'dashboard', prefixes: ['src/'] },
];

/** Test files and test helpers may reach across layers (a store test parses a query string). */
const TEST_FILE = /\.(test|test-helper|spec)\.tsx?$/;

function layerOf(file: string, layers: readonly Layer[]): number | undefined {
  // The longest matching prefix decides (server/logs/routes/ is routes, not the wing).
  let best: { rank: number; length: number } | undefined;
  layers.forEach((layer, rank) => {
    for (const prefix of layer.prefixes) {
      const matches = prefix.endsWith('/') ? file.startsWith(prefix) : file === prefix;
      if (matches && (best === undefined || prefix.length > best.length)) {
        best = { rank, length: prefix.length };
      }
    }
  });
  return best?.rank;
}

/** Each import from a lower layer to a higher one, as "from → to (layer → layer)". */
export function findUpwardImports(graph: ImportGraph, layers: readonly Layer[]): string[] {
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    if (TEST_FILE.test(file)) continue;
    const from = layerOf(file, layers);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = layerOf(target, layers);
      if (to !== undefined && to > from) {
        problems.push(
          `${file} → ${target} (${layers[from]?.name ?? ''} imports ${layers[to]?.name ?? ''})`,
        );
      }
    }
  }
  return problems.sort();
}

/**
 * The wings of `root`: the server's wings and every folder of `src/features/` (read from the
 * folder, so a new feature is covered). Each is a prefix ending in `/`.
 */
export function wingFolders(root: string): string[] {
  const features = join(root, 'src', 'features');
  const dashboard = existsSync(features)
    ? readdirSync(features, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `src/features/${entry.name}/`)
    : [];
  return [...WINGS.map((wing) => `server/${wing}/`), ...dashboard];
}

/**
 * A wing's entrances: its `index.ts`, and for the routes layer (which its store may not import,
 * so one barrel cannot hold both) `routes/index.ts`. Everything else is the wing's own.
 */
function isEntrance(file: string, wing: string): boolean {
  return file === `${wing}index.ts` || file === `${wing}routes/index.ts`;
}

/**
 * Each import of another wing's internals, as "from → to (wing → wing)": a wing reaches another
 * only through its entrances (decision 072), so what it offers is one list, not every file.
 */
export function findWingBypasses(graph: ImportGraph, wings: readonly string[]): string[] {
  const wingOf = (file: string) => wings.find((wing) => file.startsWith(wing));
  const problems: string[] = [];
  for (const [file, targets] of graph) {
    if (TEST_FILE.test(file)) continue;
    const from = wingOf(file);
    if (from === undefined) continue;
    for (const target of targets) {
      const to = wingOf(target);
      if (to === undefined || to === from || isEntrance(target, to)) continue;
      problems.push(`${file} → ${target} (${from.slice(0, -1)} → ${to.slice(0, -1)})`);
    }
  }
  return problems.sort();
}

/** Reads the compiler options of `tsconfig.json` in `root`. */
export function compilerOptionsOf(root: string): ts.CompilerOptions {
  const path = join(root, 'tsconfig.json');
  const read = ts.readConfigFile(path, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(read.config, ts.sys, root).options;
}

/**
 * Every problem of `folders` under `root` (by default every file ESLint lints): cycles (type
 * imports counted), upward imports and imports of another wing's internals.
 */
export function checkImports(
  root: string,
  folders: readonly string[] = WHOLE_PROJECT,
  layers: readonly Layer[] = SERVER_LAYERS,
): string[] {
  const graph = buildImportGraph(root, folders, compilerOptionsOf(root));
  return [
    ...findCycles(graph).map((cycle) => `import cycle: ${cycle.join(' → ')}`),
    ...findUpwardImports(graph, layers).map((arrow) => `import up a layer: ${arrow}`),
    ...findWingBypasses(graph, wingFolders(root)).map(
      (arrow) => `import past a wing's index.ts: ${arrow}`,
    ),
  ];
}

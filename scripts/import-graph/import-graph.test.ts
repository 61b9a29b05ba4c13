import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from './import-graph';

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true },
});

let roots: string[] = [];

/** A temp project with these files (path → text) and a tsconfig.json like ours. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  roots.push(root);
  writeFileSync(join(root, 'tsconfig.json'), TSCONFIG);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
  roots = [];
});

describe('the import check', () => {
  it('fails on a cycle made of type-only imports, which import-x/no-cycle skips', () => {
    const root = project({
      'server/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'server/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    });
    expect(checkImports(root, ['server'])).toEqual([
      'import cycle: server/a.ts → server/b.ts → server/a.ts',
    ]);
  });

  it('passes the same files without the cycle', () => {
    const root = project({
      'server/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'server/b.ts': 'export interface B { name: string }\n',
    });
    expect(checkImports(root, ['server'])).toEqual([]);
  });

  it('follows export-from, inline type specifiers and dynamic imports across folders', () => {
    const root = project({
      'src/one.ts': "export { type Two } from '../server/two';\n",
      'server/two.ts': "export type Two = number;\nexport const three = () => import('./three');\n",
      'server/three.ts': "import { type Two } from '../src/one';\nexport const x: Two = 1;\n",
    });
    expect(checkImports(root, ['src', 'server'])).toEqual([
      'import cycle: server/three.ts → src/one.ts → server/two.ts → server/three.ts',
    ]);
  });

  it('fails on an import up the layers, but not from a test file', () => {
    const root = project({
      'server/database/db.ts':
        "import type { Page } from '../logs/store/page';\nexport type A = Page;\n",
      'server/logs/store/page.ts': 'export type Page = string;\n',
      'server/logs/store/page.test.ts': "import '../routes/logs';\n",
      'server/logs/routes/logs.ts':
        "import type { Page } from '../store/page';\nexport type R = Page;\n",
    });
    expect(checkImports(root, ['server'])).toEqual([
      'import up a layer: server/database/db.ts → server/logs/store/page.ts (database imports wing)',
    ]);
  });

  it('fails when the contract imports either half', () => {
    const root = project({
      'contract/schemas/app.ts':
        "import type { Row } from '../../server/database/schema';\nimport type { Key } from '../../src/api/keys';\nexport type A = Row | Key;\n",
      'server/database/schema.ts': 'export type Row = string;\n',
      'src/api/keys.ts': 'export type Key = string;\n',
    });
    expect(checkImports(root, ['contract', 'server', 'src'])).toEqual([
      'import up a layer: contract/schemas/app.ts → server/database/schema.ts (contract imports database)',
      'import up a layer: contract/schemas/app.ts → src/api/keys.ts (contract imports dashboard)',
    ]);
  });

  it("fails when a wing imports another wing's internals, not through its index.ts", () => {
    const root = project({
      'server/apps/store/apps.ts': 'export const findApp = () => 1;\n',
      'server/apps/index.ts': "export { findApp } from './store/apps';\n",
      'server/logs/routes/bad.ts': "import { findApp } from '../../apps/store/apps';\nfindApp();\n",
      'server/logs/routes/good.ts': "import { findApp } from '../../apps';\nfindApp();\n",
      'server/logs/routes/own.ts': "import '../store/page';\n",
      'server/logs/store/page.ts': 'export {};\n',
      'server/logs/routes/bad.test.ts': "import '../../apps/store/apps';\n",
      'src/features/billing/pay.ts': "import '../tokens/list';\n",
      'src/features/tokens/list.ts': 'export {};\n',
    });
    expect(checkImports(root, ['server', 'src'])).toEqual([
      "import past a wing's index.ts: server/logs/routes/bad.ts → server/apps/store/apps.ts (server/logs → server/apps)",
      "import past a wing's index.ts: src/features/billing/pay.ts → src/features/tokens/list.ts (src/features/billing → src/features/tokens)",
    ]);
  });

  // The folders ESLint lints beside the product: the check over the whole project stands in for
  // import-x/no-cycle there (decision 099).
  it('fails on a cycle in e2e/, bench/, scripts/ or the root configs, by default', () => {
    const root = project({
      'e2e/fixtures.ts': "import { login } from './login';\nexport const fixture = login;\n",
      'e2e/login.ts':
        "import { fixture } from './fixtures';\nexport const login = () => fixture;\n",
      'playwright.config.ts': "import { bench } from './bench/run';\nexport default bench;\n",
      'bench/run.ts': "import config from '../playwright.config';\nexport const bench = config;\n",
      'scripts/tool.ts': "export { helper } from './tool-helper';\nexport const tool = 1;\n",
      'scripts/tool-helper.ts': "import { tool } from './tool';\nexport const helper = tool;\n",
    });
    expect(checkImports(root)).toEqual([
      'import cycle: bench/run.ts → playwright.config.ts → bench/run.ts',
      'import cycle: e2e/fixtures.ts → e2e/login.ts → e2e/fixtures.ts',
      'import cycle: scripts/tool-helper.ts → scripts/tool.ts → scripts/tool-helper.ts',
    ]);
  });

  it('follows a JavaScript module behind its declaration file, and its own imports', () => {
    const root = project({
      'server/render.ts': "import { render } from './worker.js';\nexport const text = 'x';\n",
      'server/worker.d.ts': 'export declare function render(): string;\n',
      'server/worker.js': "import { text } from './render';\nexport const render = () => text;\n",
      'eslint.config.js': "import { render } from './server/worker.js';\nexport default render;\n",
    });
    expect(checkImports(root)).toEqual([
      'import cycle: server/render.ts → server/worker.js → server/render.ts',
    ]);
  });

  it('leaves out the folders ESLint does not lint', () => {
    const cycle = {
      'a.ts': "import { b } from './b';\nexport const a = b;\n",
      'b.ts': "import { a } from './a';\nexport const b = a;\n",
    };
    const files: Record<string, string> = {};
    for (const folder of ['dist', 'data', 'coverage', '.tmp', 'node_modules/pkg', 'e2e/.git']) {
      for (const [name, text] of Object.entries(cycle)) files[`${folder}/${name}`] = text;
    }
    expect(checkImports(project(files))).toEqual([]);
  });
});

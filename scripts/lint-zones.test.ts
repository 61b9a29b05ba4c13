// The dashboard's lint zones (eslint.config.js) come from the folders of src/features, so a feature
// the old hand-written list did not name is held to them too: this plants an import of the shell
// (`src/app/`) and of another feature in a feature the list left out (tokens) and expects ESLint
// to refuse both, while the file as it is passes.
import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const FILE = 'src/features/tokens/created-token.tsx';

async function restrictedImports(code: string): Promise<string[]> {
  // Only the zones' rule, without type information: the zones need none, and a typed run of
  // the whole project takes a minute on a busy machine.
  const eslint = new ESLint({
    cwd: process.cwd(),
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
    overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  });
  const [result] = await eslint.lintText(code, { filePath: FILE });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

// Loading ESLint's config (its plugins, React's compiler among them) takes a few seconds of CPU,
// many times that on a loaded machine (26 s once at load 20, past the default 20 s): an
// allowance, not a speed check.
const LOADED_MACHINE_ALLOWANCE_MS = 120_000;

describe('the lint zones of src/features', { timeout: LOADED_MACHINE_ALLOWANCE_MS }, () => {
  const original = readFileSync(FILE, 'utf8');

  it('let a feature import what sits below it', async () => {
    expect(await restrictedImports(original)).toEqual([]);
  });

  it('refuse a feature importing the shell or another feature, with no list to edit', async () => {
    const planted = "import '../../app/router';\nimport '../members/members-page';\n" + original;
    const messages = await restrictedImports(planted);
    expect(messages).toEqual([
      expect.stringContaining('../../app/router'),
      expect.stringContaining('../members/members-page'),
    ]);
  });
});

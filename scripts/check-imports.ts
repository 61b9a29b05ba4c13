/**
 * `npm run lint`'s import check (after ESLint): no import cycle in any file ESLint lints, type-only
 * imports counted (ESLint's own cycle rule is gone: this finds all it found, decision 099), no
 * import up the layers of contract/, server/ and src/, and no import of another wing's internals
 * past its index.ts (scripts/import-graph/, decisions 043, 056 and 072); and no product module
 * over 400 lines (scripts/module-size/, issue 37).
 */
import { checkImports } from './import-graph/import-graph';
import { checkModuleSizes, MODULE_LINE_LIMIT } from './module-size/module-size';

const problems = [...checkImports(process.cwd()), ...checkModuleSizes(process.cwd())];
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${String(problems.length)} import or module size problem(s)`);
  process.exit(1);
}
console.log(
  'Imports: no cycle in any linted file (type imports counted), no import up a layer (contract, ' +
    `server, src), no import past a wing's index.ts; no product module over ${MODULE_LINE_LIMIT} lines`,
);

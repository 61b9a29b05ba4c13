/**
 * `npm run lint`'s import check (after ESLint): no import cycle in `src/` and `server/`, type-only
 * imports counted, no import up the layers of contract/, server/ and src/, and no import of another
 * wing's internals past its index.ts (scripts/import-graph/, decisions 043, 056 and 072).
 */
import { checkImports } from './import-graph/import-graph';

const problems = checkImports(process.cwd(), ['src', 'server', 'contract']);
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${String(problems.length)} import problem(s)`);
  process.exit(1);
}
console.log(
  'Imports: no cycle (type imports counted), no import up a layer (contract, server, src), ' +
    "no import past a wing's index.ts",
);

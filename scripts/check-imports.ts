/**
 * `npm run lint`'s import check (after ESLint): no import cycle in `src/` and `server/`, type-only
 * imports counted, and no import up the layers of contract/, server/ and src/ (scripts/import-graph/,
 * decisions 043 and 056).
 */
import { checkImports } from './import-graph/import-graph';

const problems = checkImports(process.cwd(), ['src', 'server', 'contract']);
for (const problem of problems) console.error(problem);
if (problems.length > 0) {
  console.error(`${String(problems.length)} import problem(s)`);
  process.exit(1);
}
console.log(
  'Imports: no cycle (type imports counted), no import up a layer (contract, server, src)',
);

// What every accessibility check asserts: no serious or critical axe violation, each one named
// in a readable line when there is one.
import type { AxeResults } from 'axe-core';

/** The serious and critical violations of `results`, one line each: rule, impact, help, where. */
export function seriousOf(results: AxeResults): string[] {
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${String(violation.impact)}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => `${node.target.join(' ')} ${node.failureSummary ?? ''}`.trim())
          .join(', ')}`,
    );
}

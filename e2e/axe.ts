// What every accessibility check asserts: no serious or critical axe violation, each one named
// in a readable line when there is one.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
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

/**
 * Axe on the page in the state it is in, in both themes, run once per state (issue 36): every
 * rule in the light theme, then, the page switched to the dark theme in place (the dashboard's
 * colours follow `prefers-color-scheme` live), colour contrast alone: the theme changes colours
 * and nothing else, so contrast is the one check whose answer can differ. `builder` makes the
 * scoped AxeBuilder (its `exclude`s) for both runs. Leaves the page in the light theme. Answers
 * the serious and critical violations, each line naming its theme.
 */
export async function seriousInBothThemes(
  page: Page,
  builder: (page: Page) => AxeBuilder = (current) => new AxeBuilder({ page: current }),
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = seriousOf(await builder(page).analyze()).map((line) => `light: ${line}`);
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = seriousOf(await builder(page).withRules(['color-contrast']).analyze()).map(
    (line) => `dark: ${line}`,
  );
  await page.emulateMedia({ colorScheme: 'light' });
  return [...light, ...dark];
}

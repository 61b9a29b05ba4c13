// What every accessibility check asserts: no serious or critical axe violation, each one named
// in a readable line when there is one; and the AxeBuilder the specs use to get there.
import PlaywrightAxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe, { type AxeResults, type ElementContext, type RunOptions } from 'axe-core';

/**
 * The builder's state: public fields at run time in @axe-core/playwright 4.11, private in its
 * types only. Read, never written.
 */
interface BuilderState {
  page?: Page;
  includes?: unknown;
  excludes?: unknown;
  option?: RunOptions;
  legacyMode?: boolean;
}

/** The page's window once axe is injected. */
interface AxeGlobal {
  axe: { run(context: ElementContext, options: RunOptions): Promise<unknown> };
}

/** What the page is asked to check, sent as JSON. */
interface AxeRequest {
  context: ElementContext;
  options: RunOptions;
}

/**
 * @axe-core/playwright's AxeBuilder (the same API: include, exclude, withRules, …), run in the
 * page itself when no frame is in the checked part: axe is injected once per document and
 * `axe.run` answers there. The library's own analysis injects axe (half a megabyte of script)
 * into the page again at every call, then opens a blank page, injects it there too and merges
 * the frames' partial results in it: 60% of an analysis on a busy machine (issue 36, measured
 * in BENCHMARKS.md), for frames that are not there or are excluded. With a frame to check (the
 * visual editor's canvas, a selector that is not a plain string) the library's analysis runs
 * unchanged, into the frames.
 */
export class AxeBuilder extends PlaywrightAxeBuilder {
  override async analyze(): Promise<AxeResults> {
    const state = this as unknown as BuilderState;
    const { page, includes, excludes, option, legacyMode } = state;
    if (page) await transitionsDone(page);
    // Anything unexpected (another version's fields, a frame or shadow selector): the library's run.
    const plain = (list: unknown): list is string[] =>
      Array.isArray(list) && list.every((s) => typeof s === 'string');
    if (!page || legacyMode || !plain(includes) || !plain(excludes)) return super.analyze();
    if (!(await noFrameChecked(page, includes, excludes))) return super.analyze();
    if (!(await page.evaluate('typeof window.axe?.run === "function"'))) {
      await page.evaluate(axe.source);
    }
    const context: ElementContext = includes.length
      ? { include: includes, exclude: excludes }
      : { exclude: excludes };
    // JSON both ways: axe's types are too deep for Playwright's serialisable argument and result
    // types (TS2589), and JSON is what they travel as anyway.
    const request: AxeRequest = { context, options: option ?? {} };
    const answer = await page.evaluate(async (json) => {
      const { context, options } = JSON.parse(json) as AxeRequest;
      // axe is the page's own global here (injected above), not this module's import.
      return JSON.stringify(await (window as unknown as AxeGlobal).axe.run(context, options));
    }, JSON.stringify(request));
    const results: unknown = JSON.parse(answer);
    return results as AxeResults;
  }
}

/**
 * Waits until the page's CSS transitions have ended. A theme switched in place
 * (`emulateMedia`) changes the background at once while the links' colour transition runs: axe
 * would read a mixed, half-switched page (light text on the dark background). Two animation
 * frames first, so that the style change has started its transitions.
 */
async function transitionsDone(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const running = document.getAnimations().filter((each) => each instanceof CSSTransition);
    // A transition cancelled (its property changed again) rejects: it is over all the same.
    await Promise.all(running.map((each) => each.finished.catch(() => undefined)));
  });
}

/**
 * Whether no frame of the page is in what axe checks: each frame element is inside an excluded
 * element, or outside every included one. Frames in a shadow root are not seen: none in the
 * dashboard.
 */
async function noFrameChecked(page: Page, includes: string[], excludes: string[]) {
  if (page.frames().length === 1) return true;
  return page.evaluate(
    ([includes, excludes]) =>
      [...document.querySelectorAll('iframe, frame, object, embed')].every(
        (frame) =>
          excludes.some((selector) => frame.closest(selector) !== null) ||
          (includes.length > 0 && !includes.some((selector) => frame.closest(selector) !== null)),
      ),
    [includes, excludes] as const,
  );
}

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
  builder: (page: Page) => PlaywrightAxeBuilder = (current) => new AxeBuilder({ page: current }),
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: 'light' });
  const light = seriousOf(await builder(page).analyze()).map((line) => `light: ${line}`);
  const instant = await page.addStyleTag({ content: NO_TRANSITIONS });
  await page.emulateMedia({ colorScheme: 'dark' });
  const dark = seriousOf(await builder(page).withRules(['color-contrast']).analyze()).map(
    (line) => `dark: ${line}`,
  );
  await page.emulateMedia({ colorScheme: 'light' });
  await instant.evaluate((style) => style.parentNode?.removeChild(style));
  return [...light, ...dark];
}

/**
 * The theme switched in place with no colour transition. Waiting for the transitions before a run
 * (transitionsDone) once let one through: the dark theme's danger text was read mid-way (#cb3434,
 * between the light theme's #b91c1c and the dark's #f87171), in a quiet run of the whole suite
 * with no trace recorded (decision 100). Where that transition slipped past the wait is not known
 * (one that starts after the wait, or is read in the frame it starts, would); with none at all
 * there is nothing to slip past. Contrast is a property of the colours a theme ends on.
 */
const NO_TRANSITIONS = '*, *::before, *::after { transition: none !important; }';

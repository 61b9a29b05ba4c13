// An admin who asks for less motion (the system's "reduce motion", `prefers-reduced-motion`) gets
// none: what animates without end elsewhere (the code view's blinking cursor, a spinner, a pulsing
// dot) ends at once and stays still (src/styles.css). Shortening the animations alone left the
// endless ones running, changing at every frame. A jump within a page scrolls at once instead of
// smoothly (src/lib/scroll-behavior.ts).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConsent, openEditor, showHtmlCode } from './pages';

/** The document's animations running now, by name (a CSS animation's name, else its kind). */
function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => animation.playState === 'running')
      .map((animation) =>
        animation instanceof CSSAnimation ? animation.animationName : animation.constructor.name,
      ),
  );
}

test('reduced motion: the blinking cursor of the code view stops, and blinks again when motion is back', async ({
  page,
  signIn,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signIn(page, 'demo', { open: false });
  await openEditor(page);
  await showHtmlCode(page);
  await page.getByRole('textbox', { name: 'HTML version' }).click();
  // The control: with motion allowed, the focused code view's cursor blinks without end.
  await expect
    .poll(() => runningAnimations(page))
    .toContainEqual(expect.stringMatching(/^cm-blink/));

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(() => runningAnimations(page)).toEqual([]);
  // Ended at its last frame: the cursor is shown, not left half-blinked.
  await expect(page.locator('.cm-cursorLayer')).toHaveCSS('opacity', '1');

  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect
    .poll(() => runningAnimations(page))
    .toContainEqual(expect.stringMatching(/^cm-blink/));
});

/**
 * Clicks, in the page, the first link of LINKS (a CSS selector) whose target is below the window,
 * and answers how far the page had scrolled when the click returned.
 */
function scrolledAtClick(page: Page, links: string): Promise<number> {
  return page.evaluate((links) => {
    const link = [...document.querySelectorAll<HTMLAnchorElement>(links)].find((a) => {
      const target = document.getElementById(a.hash.slice(1));
      return target !== null && target.getBoundingClientRect().top > window.innerHeight;
    });
    if (!link) throw new Error(`No link of ${links} to below the window`);
    const before = window.scrollY;
    link.click();
    // Read in the same task as the click: an instant scroll has moved, a smooth one not yet.
    return window.scrollY - before;
  }, links);
}

const SECTION_LINKS = 'nav[aria-label="Sections of this page"] a';
const FINDING_LINKS = '[aria-labelledby="consent-checks-heading"] ol a';

test("reduced motion: the consent page's section and finding links jump at once, smoothly when motion is allowed", async ({
  page,
  signIn,
}) => {
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await signIn(page, 'demo', { open: false });
  await openConsent(page);
  const top = () => page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  // The control: smoothly, the page has not moved yet when the click returns; it gets there.
  for (const links of [SECTION_LINKS, FINDING_LINKS]) {
    expect(await scrolledAtClick(page, links), links).toBe(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await top();
  }

  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const links of [SECTION_LINKS, FINDING_LINKS]) {
    expect(await scrolledAtClick(page, links), links).toBeGreaterThan(0);
    await top();
  }
});

// An admin who asks for less motion (the system's "reduce motion", `prefers-reduced-motion`) gets
// none: what animates without end elsewhere (the code view's blinking cursor, a spinner, a pulsing
// dot) ends at once and stays still (src/styles.css). Shortening the animations alone left the
// endless ones running, changing at every frame.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openEditor, showHtmlCode } from './pages';

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

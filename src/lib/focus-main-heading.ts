/**
 * Puts keyboard focus on the page's main heading once it is there: after a step that removes
 * the focused element (signing in replaces the whole form), focus would otherwise drop to
 * <body> and a keyboard user starts again from the top (issue 30). Gives up after `waitMs`
 * (a page that never shows a heading keeps the focus where it is).
 */
export function focusMainHeading(waitMs = 5_000): void {
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return false;
    // Focusable by script only: a heading is not a Tab stop.
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
    heading.focus();
    return true;
  };
  if (tryFocus()) return;
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

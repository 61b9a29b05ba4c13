/**
 * How a jump within the page scrolls: smoothly, unless the admin asked for less motion
 * (`prefers-reduced-motion: reduce`), then at once. CSS's `scroll-behavior` does not reach a
 * script's `scrollTo({ behavior: 'smooth' })`: each such call asks here.
 */
export function jumpScrollBehavior(): ScrollBehavior {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

// Klaro 0.7 ships no types; the preview frame uses two of its exports.
declare module 'klaro' {
  /** Renders the banner (and the modal when asked) for a configuration into the page. */
  export function render(config: object, options?: { show?: boolean; modal?: boolean }): unknown;
  /** Klaro's package version, e.g. `0.7.22`. */
  export function version(): string;
}

/**
 * Security headers. Every response gets `X-Content-Type-Options: nosniff` and
 * `Referrer-Policy: no-referrer`; HTML responses (the dashboard) also get DASHBOARD_CSP.
 */

/**
 * The directives of the dashboard's Content-Security-Policy: no inline scripts. The e-mail
 * preview and the visual canvas are `srcdoc` iframes, which inherit this policy, so it is also
 * what an e-mail may load there: inline styles (`style-src 'unsafe-inline'`), and `https:`
 * images, style sheets and fonts (a Google Fonts `<link>` and the fonts it names); never `http:`
 * (the canvas and the preview show a placeholder instead, decision 038). `connect-src` allows
 * another API origin; `frame-src 'self'` allows that same-origin preview.
 */
function directives(scriptSources: readonly string[], connectSources: readonly string[]) {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline' https:",
    "img-src 'self' data: https:",
    "font-src 'self' data: https:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    ['connect-src', "'self'", 'https:', 'http:', ...connectSources].join(' '),
  ].join('; ');
}

export const DASHBOARD_CSP = directives([], []);

/**
 * The same policy for `npm run dev` (Vite): its dev server adds inline module scripts (React
 * Refresh's preamble) that carry `nonce` (vite.config.ts sets `html.cspNonce`), and its client
 * talks to the server over a WebSocket. Never `'unsafe-inline'` for scripts.
 */
export function devServerCsp(nonce: string): string {
  return directives([`'nonce-${nonce}'`], ['ws:', 'wss:']);
}

export const COMMON_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

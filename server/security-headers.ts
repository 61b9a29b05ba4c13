/**
 * Security headers. Every response gets `X-Content-Type-Options: nosniff` and
 * `Referrer-Policy: no-referrer`; HTML responses (the dashboard) also get DASHBOARD_CSP.
 */

/**
 * The dashboard's Content-Security-Policy: no inline scripts. `style-src 'unsafe-inline'` is
 * there for the e-mail preview iframe, whose `srcdoc` inherits this policy; `connect-src` allows
 * another API origin; `frame-src 'self'` allows that same-origin preview.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  "connect-src 'self' https: http:",
].join('; ');

export const COMMON_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
} as const;

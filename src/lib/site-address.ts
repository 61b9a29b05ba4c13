// Every page's address names its site as a path prefix: `/s/acme/apps/storefront/logs?level=error`.
// The router never sees the prefix: its rewrite strips it on the way in and adds the signed-in
// site on the way out (src/app/router.tsx), so route ids and typed links stay `/apps/$key` (decision 051).

const PREFIX = /^\/s\/([a-z0-9][a-z0-9-]{0,62})(?=\/|$)/;

/** The site a public path names and the path without it; `site` is null for a site-less path. */
export function splitSitePath(pathname: string): { site: string | null; path: string } {
  const match = PREFIX.exec(pathname);
  if (!match?.[1]) return { site: null, path: pathname };
  return { site: match[1], path: pathname.slice(match[0].length) || '/' };
}

/** A path that is never under a site: the sign-in page belongs to no site. */
function isSiteless(path: string): boolean {
  return path === '/sign-in';
}

/** The public path of an in-app path on SITE (unchanged for sign-in or a path that names one). */
export function withSite(path: string, site: string): string {
  if (isSiteless(path) || splitSitePath(path).site !== null) return path;
  return `/s/${site}${path === '/' ? '' : path}`;
}

/** The site an address (path, search and hash, or a full URL of this origin) names, or null. */
export function siteOfAddress(address: string): string | null {
  const pathname = new URL(address, 'http://x').pathname;
  return splitSitePath(pathname).site;
}

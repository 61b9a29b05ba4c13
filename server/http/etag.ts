/**
 * ETags of writable resources: a strong, quoted value derived from the site, the resource's id
 * and its integer `version` (bumped on every real change).
 */
import { createHash } from 'node:crypto';

export function etagOf(kind: string, siteId: string, id: string | number, version: number): string {
  const digest = createHash('sha256')
    .update(`${kind}\u0000${siteId}\u0000${id}\u0000${version}`)
    .digest('base64url')
    .slice(0, 22);
  return `"${digest}"`;
}

/**
 * Whether an `If-Match` header allows a write on a resource whose current ETag is `etag`.
 * Absent header: yes. `*`: yes (the resource exists). Otherwise strong comparison against each
 * listed tag; weak tags (`W/"…"`) never match.
 */
export function ifMatchAllows(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return true;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '') return true;
  const tags = value.match(/(W\/)?"[^"]*"|\*/g) ?? [];
  return tags.some((tag) => tag === '*' || tag === etag);
}

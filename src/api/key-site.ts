import { connectedSite } from './client';

/**
 * The site every query key starts with, so that one site's cached answers are never shown for
 * another (decision 042). Read when a query's options are built, that is when the page that
 * uses them renders or loads; before sign-in it is '' (no query can succeed then: 401).
 */
export function keySite(): string {
  return connectedSite() ?? '';
}

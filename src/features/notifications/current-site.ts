import { connectedSite } from '../../api/client';

/** Drafts are kept per site; without a connection (unit tests) they share one scope. */
export function currentSite(): string {
  return connectedSite() ?? 'default';
}

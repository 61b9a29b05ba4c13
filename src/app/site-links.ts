import type { QueryClient } from '@tanstack/react-query';
import { isApiError, type Connection } from '../api/client';
import { probeSiteAccess, sitesQueryOptions } from '../api/sites';
import { toast } from '../components/ui/toast';
import { setConnection } from '../session/connection-store';
import { resetCache } from '../session/session';

// What opening an address of another site does (issue 30): a site the token can use becomes the
// current one; one it cannot use gets the no-access page. Asking first when a form has unsaved
// changes happens earlier, in the navigation blocker (lib/use-unsaved-changes.ts), so by the time
// the router loads the address the user has agreed.

/** What the root route tells the pages about the address's site. */
export interface SiteContext {
  /** The address names a site the token cannot use: the root shows the no-access page. */
  siteWithoutAccess: string | null;
}

/** The site's name when the token can use it, or null when it cannot. */
async function usableSiteName(
  queryClient: QueryClient,
  connection: Connection,
  site: string,
): Promise<string | null> {
  const sites = await queryClient.query(sitesQueryOptions());
  if (sites) return sites.find((candidate) => candidate.id === site)?.name ?? null;
  // A server without `GET /sites` cannot list them: ask the site itself (403 = no access).
  try {
    await probeSiteAccess({ connection: { ...connection, site } });
    return site;
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return null;
    throw error;
  }
}

/** Makes SITE current: the old site's cached answers go, the page remounts onto the new one. */
async function enterSite(
  queryClient: QueryClient,
  connection: Connection,
  site: string,
  name: string,
): Promise<void> {
  await resetCache(queryClient);
  setConnection({ ...connection, site });
  toast.info(`Switched to ${name}`);
}

/** The address names SITE, not the current one: switch to it, or say the token cannot use it. */
export async function openOtherSite(
  queryClient: QueryClient,
  connection: Connection,
  site: string,
): Promise<SiteContext> {
  const name = await usableSiteName(queryClient, connection, site);
  if (name === null) return { siteWithoutAccess: site };
  await enterSite(queryClient, connection, site, name);
  return { siteWithoutAccess: null };
}

import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter, type RegisteredRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { toast } from '../components/ui/toast';
import { confirmDiscardUnsavedChanges } from '../lib/use-unsaved-changes';
import { withSite } from '../lib/site-address';
import { clearConnection, getConnection, setConnection } from './connection-store';

/** Drops every cached answer of the old connection, cancelling requests still in flight. */
export async function resetCache(queryClient: QueryClient): Promise<void> {
  await queryClient.cancelQueries();
  queryClient.clear();
}

/** The section root of a path, so a site switch does not land on another site's app or slug. */
export function sectionRoot(pathname: string): string {
  if (pathname.startsWith('/apps')) return '/apps';
  if (pathname.startsWith('/notifications')) return '/notifications';
  if (pathname.startsWith('/settings/consent')) return '/settings/consent';
  if (pathname.startsWith('/settings/site')) return '/settings/site';
  return '/apps';
}

/** A 401 from any call: back to sign-in with the message, keeping the page to return to. */
export function handleUnauthorized(router: RegisteredRouter, queryClient: QueryClient): void {
  if (!getConnection()) return;
  const location = router.state.location;
  if (location.pathname === '/sign-in') return;
  clearConnection();
  void resetCache(queryClient);
  void router.navigate({
    to: '/sign-in',
    // The public address: it names the site, so signing in again returns to the same site.
    search: { redirect: location.publicHref, reason: 'expired' },
    replace: true,
    ignoreBlocker: true,
  });
}

export function useSession() {
  const router = useRouter();
  const queryClient = useQueryClient();

  const signOut = useCallback(async () => {
    if (!(await confirmDiscardUnsavedChanges())) return;
    clearConnection();
    await resetCache(queryClient);
    toast.clear();
    await router.navigate({
      to: '/sign-in',
      search: { reason: 'signed-out' },
      ignoreBlocker: true,
    });
  }, [router, queryClient]);

  const switchSite = useCallback(
    /** `name` is what the toast says: the name the admin picked, not the id (issue 30). */
    async (site: string, name = site) => {
      const connection = getConnection();
      if (!connection || connection.site === site) return;
      if (!(await confirmDiscardUnsavedChanges())) return;
      // Clear first: setting the connection remounts the page (keyed by site), and its queries
      // must then start from an empty cache rather than the old site's answers.
      await resetCache(queryClient);
      setConnection({ ...connection, site });
      const target = sectionRoot(router.state.location.pathname);
      // Through the history: the router's own address has no site, so to the router `/apps` of
      // the new site is the page it is on, and it would not go there (decision 051).
      router.history.push(withSite(target, site), undefined, { ignoreBlocker: true });
      // Loaders of the page we land on must run again for the new site.
      await router.invalidate();
      toast.info(`Switched to ${name}`);
    },
    [router, queryClient],
  );

  return { signOut, switchSite };
}

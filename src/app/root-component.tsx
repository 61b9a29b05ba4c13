import { Outlet, useRouteContext, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Toaster } from '../components/ui/toast';
import { useConnection } from '../session/connection-store';
import { AppFrame } from './layout/app-frame';
import { RoutePending } from './route-pending';
import { UnsavedChangesHost } from './unsaved-changes-host';

const SiteNoAccessPage = lazy(() =>
  import('./site-no-access-page').then((module) => ({ default: module.SiteNoAccessPage })),
);

/** Sign-in is a bare page; everything else is inside the frame (sidebar + header). */
export function RootComponent() {
  const bare = useRouterState({ select: (state) => state.location.pathname === '/sign-in' });
  // Editors that show code and a preview side by side use the whole width of a wide screen.
  const wide = useRouterState({
    select: (state) => state.matches.some((match) => match.staticData.wide === true),
  });
  // A site switch clears the cache, but mounted queries would keep showing the old site's data
  // (clear() does not notify observers): keying the page by site remounts it onto the new site.
  const site = useConnection()?.site;
  // Signed out but not yet on /sign-in (sign-out clears the connection, then navigates): the
  // frame's parts need a connection, so there is no frame for that moment (issue 30).
  // An address of a site the token cannot use shows what to do instead of the page (issue 30).
  const siteWithoutAccess = useRouteContext({
    from: '__root__',
    select: (context) => context.siteWithoutAccess,
  });
  // The whole frame is keyed by site: its links are built for the site, and must be rebuilt.
  const framed =
    site === undefined ? null : (
      <AppFrame key={site} wide={wide}>
        {siteWithoutAccess === null ? (
          <Outlet key={site} />
        ) : (
          <Suspense fallback={<RoutePending />}>
            <SiteNoAccessPage site={siteWithoutAccess} />
          </Suspense>
        )}
      </AppFrame>
    );
  return (
    <>
      {bare ? <Outlet /> : framed}
      <UnsavedChangesHost />
      <Toaster />
    </>
  );
}

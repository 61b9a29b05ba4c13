import { Outlet, useRouterState } from '@tanstack/react-router';
import { Toaster } from '../components/ui/toast';
import { useConnection } from './connection-store';
import { AppFrame } from './layout/app-frame';
import { UnsavedChangesHost } from './unsaved-changes-host';

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
  const framed =
    site === undefined ? null : (
      <AppFrame wide={wide}>
        <Outlet key={site} />
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

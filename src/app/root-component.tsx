import { Outlet, useRouterState } from '@tanstack/react-router';
import { Toaster } from '../components/ui/toast';
import { AppFrame } from './layout/app-frame';
import { UnsavedChangesHost } from './unsaved-changes-host';

/** Sign-in is a bare page; everything else is inside the frame (sidebar + header). */
export function RootComponent() {
  const bare = useRouterState({ select: (state) => state.location.pathname === '/sign-in' });
  return (
    <>
      {bare ? (
        <Outlet />
      ) : (
        <AppFrame>
          <Outlet />
        </AppFrame>
      )}
      <UnsavedChangesHost />
      <Toaster />
    </>
  );
}

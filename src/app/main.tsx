import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '../api/client';
import '../styles.css';
import { getConnection } from '../session/connection-store';
import { withSite } from '../lib/site-address';
import { createQueryClient, followSavesInOtherTabs } from './query-client';
import { createAppRouter } from './router';
import { handleUnauthorized } from '../session/session';
import { takeSignInLinkFromLocation } from './sign-in-link';

// Before the router reads the URL: take a `#token=…` sign-in link out of the address bar.
takeSignInLinkFromLocation();
addCurrentSiteToAddress();

const queryClient = createQueryClient();
followSavesInOtherTabs(queryClient);
const router = createAppRouter(queryClient);

configureApiClient({
  getConnection,
  onUnauthorized: () => handleUnauthorized(router, queryClient),
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

/**
 * An address without a site (older links, bookmarks) opens on the current site, and gets it in
 * place (replaceState, before the router reads it), so Back never returns to the site-less one.
 */
function addCurrentSiteToAddress(): void {
  const site = getConnection()?.site;
  if (!site) return;
  const { pathname, search, hash } = window.location;
  const named = withSite(pathname, site);
  if (named !== pathname)
    window.history.replaceState(window.history.state, '', named + search + hash);
}

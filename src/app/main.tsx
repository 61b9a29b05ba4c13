import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureApiClient } from '../api/client';
import '../styles.css';
import { getConnection } from './connection-store';
import { createQueryClient, followSavesInOtherTabs } from './query-client';
import { createAppRouter } from './router';
import { handleUnauthorized } from './session';
import { takeSignInLinkFromLocation } from './sign-in-link';

// Before the router reads the URL: take a `#token=…` sign-in link out of the address bar.
takeSignInLinkFromLocation();

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

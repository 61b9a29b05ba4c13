import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { devServerCsp } from './server/http/security-headers.ts';

// `npm run dev` sends the service's CSP too, so what the CSP stops (an e-mail's script in the
// canvas) is stopped while developing as well. Vite puts this nonce on the inline scripts it
// adds (React Refresh's preamble); one per dev server start, as the page is only ever local.
const devNonce = randomBytes(18).toString('base64');

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss()],
  // Only the dev server: a built index.html has no inline script and needs no nonce.
  html: command === 'serve' ? { cspNonce: devNonce } : undefined,
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the bundle budget check walks the import graph from it.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads, in as few chunks as it takes: left to the automatic splitting,
          // the lazy pages that share part of it (the volume chart, Activity) cut it into a dozen
          // small files, which gzip worse (scripts/check-bundle-budget.ts: 153.4 kB that way,
          // 149.5 kB in these groups). The router group names only the query modules the shell
          // uses, so mutations and infinite queries stay with the pages that use them.
          groups: [
            {
              name: 'router',
              test: /node_modules[\\/](@tanstack[\\/](router-core|history|react-router|react-store|store)[\\/]|use-sync-external-store[\\/]|@tanstack[\\/](query-core|react-query)[\\/].*[\\/](timeoutManager|utils|environmentManager|subscribable|focusManager|notifyManager|onlineManager|retryer|removable|query|queryObserver|queryCache|mutationCache|queryClient|IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|QueryClientProvider|queryOptions)\.js$)/,
            },
            {
              name: 'ui',
              // Not the primitives only later pages use (tabs, segmented control, collapsible
              // section, textarea, and the dialog, which the shell asks on demand, decision 080):
              // those load with those pages (issue 30, for the budget).
              test: /src[\\/](components[\\/](ui[\\/](?!(tabs|segmented-control|collapsible-section|textarea|dialog)\.)|(data-table|query-states|timestamp|not-set|filter-input)[\\/.])|lib[\\/](filter-rows|format)[\\/.])/,
            },
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|clsx|tailwind-merge)[\\/]|src[\\/]lib[\\/](cn|site-address)|src[\\/]api[\\/]client/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
    headers: command === 'serve' ? { 'Content-Security-Policy': devServerCsp(devNonce) } : {},
  },
}));

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: the bundle budget check walks the import graph from it.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads, in one chunk: left to the automatic splitting, a lazy chunk
          // that shares only part of it (the volume chart) cut it into more files, which gzip
          // worse (scripts/check-bundle-budget.ts).
          groups: [
            {
              name: 'core',
              test: /node_modules[\\/](react|react-dom|scheduler|clsx|tailwind-merge)[\\/]|src[\\/]lib[\\/]cn|src[\\/]api[\\/]client/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});

import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function globalSetup(): void {
  if (!existsSync(join(process.cwd(), 'dist', 'index.html'))) {
    throw new Error(
      'dist/index.html is missing: run `npx vite build` (npm test does) before the browser tests.',
    );
  }
}

import { existsSync } from 'node:fs';

/** Playwright cannot download its browsers here: use the system's Chromium. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((path): path is string => Boolean(path && existsSync(path)));
  if (!found) {
    throw new Error(
      'Chromium not found. Install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/** Flags for a headless Chromium on a machine with no network but loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

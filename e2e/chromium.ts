import { existsSync } from 'node:fs';

/** The first of PATHS that exists (`CHROMIUM_PATH` first when it is set). */
function firstFound(paths: (string | undefined)[]): string | undefined {
  return [process.env.CHROMIUM_PATH, ...paths].find((path): path is string =>
    Boolean(path && existsSync(path)),
  );
}

/** Playwright cannot download its browsers here: use the system's Chromium. */
export function chromiumPath(): string {
  const found = firstFound(['/usr/bin/chromium', '/usr/bin/chromium-browser']);
  if (!found) {
    throw new Error(
      'Chromium not found. Install it with `sudo apt-get install -y chromium` or set CHROMIUM_PATH.',
    );
  }
  return found;
}

/** A run that shows the browser (`--headed`, `--debug`, `--ui`, `PWDEBUG`): the headless shell cannot. */
function showsTheBrowser(): boolean {
  return (
    Boolean(process.env.PWDEBUG) ||
    process.argv.some((arg) => arg === '--headed' || arg === '--debug' || arg.startsWith('--ui'))
  );
}

/**
 * The browser of the browser tests: Chromium's headless shell (Debian's `chromium-headless-shell`)
 * when it is installed, else the full Chromium; `E2E_HEADLESS_SHELL=0` picks the full one. The
 * shell does the same work with a fifth to a quarter less of the machine (issue 36, decision 089:
 * measured in BENCHMARKS.md). A run that shows the browser takes the full one; the benchmarks
 * keep `chromiumPath()`.
 */
export function testBrowserPath(): string {
  if (process.env.E2E_HEADLESS_SHELL === '0') return chromiumPath();
  if (process.env.CHROMIUM_PATH || showsTheBrowser()) return chromiumPath();
  // The binary itself first: Debian's /usr/bin entry is a shell script that runs it as a child.
  const shell = firstFound([
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium-headless-shell',
  ]);
  return shell ?? chromiumPath();
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

/**
 * The browser tests' flags: the above, and V8 compiling no further than its baseline tier
 * (Sparkplug; no Maglev or TurboFan). A test's page lives seconds, too short for optimised code
 * to pay back its compiling (V8's background threads, where it runs beside GC and parsing, were
 * 23 % of the renderers' CPU). Renderers ×0.84–0.92 of their CPU, all the stage's processes
 * ×0.88–0.95, in interleaved runs (issue 36, docs/benchmarks-history.md). Only the tests: the
 * benchmarks measure the dashboard as a browser runs it, with `chromiumArgs`.
 */
export const testChromiumArgs = [...chromiumArgs, '--js-flags=--max-opt=1'];

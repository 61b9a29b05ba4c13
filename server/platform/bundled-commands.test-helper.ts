/**
 * The service (`server/platform/main.ts`) and the token command (`server/access/cli/token.ts`)
 * bundled to plain JavaScript for the tests that run them as processes (issue 36): started through
 * tsx's loader, each start compiled the TypeScript again and took past the 20 s test timeout on
 * a busy machine. The bundle is the reliability suite's (service-bundle.ts), made once per test
 * file, so what runs is what `npm start` and `npm run token` run, with plain `node`.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleEntry, bundleService, bundleTokenCommand } from '../reliability/service-bundle';
import { SERVICE_NODE_FLAGS } from './node-flags';

const ROOT = resolve(import.meta.dirname, '..', '..');

export interface BundledCommands {
  /** The repository's root: the processes' working folder, as under `npm start`. */
  root: string;
  /** Node's arguments that start the service, its V8 flags included (decision 036). */
  service: string[];
  /** Node's arguments that run the token command (then its own arguments). */
  token: string[];
  /** Removes the bundle. */
  dispose(): void;
}

export async function bundleCommands(): Promise<BundledCommands> {
  // Under the repository (not the system's tmp): the bundle resolves its packages from
  // node_modules, as the reliability suite's does.
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(ROOT, '.tmp', 'test-commands-'));
  try {
    await bundleService(ROOT, dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    root: ROOT,
    service: [...SERVICE_NODE_FLAGS, bundleEntry(dir)],
    token: [bundleTokenCommand(dir)],
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

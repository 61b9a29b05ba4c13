/** Service processes for the API benchmarks: bench/api-server.ts forked on a database and port. */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { SERVICE_NODE_FLAGS } from '../server/platform/node-flags';

export interface ServerProcess {
  base: string;
  stop: () => Promise<void>;
}

/**
 * `script`: another tree's api-server.ts (bench/api-ingest-compare.ts); `env`: more of its
 * environment; `nodeFlags`: more of Node's flags (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export async function startServer(
  databaseUrl: string,
  port: number,
  script = join(import.meta.dirname, 'api-server.ts'),
  env: Record<string, string> = {},
  nodeFlags: readonly string[] = [],
): Promise<ServerProcess> {
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', ...SERVICE_NODE_FLAGS, ...nodeFlags],
    env: { ...process.env, ...env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

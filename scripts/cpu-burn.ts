/**
 * Makes this machine busy, as a CI runner or a newcomer's laptop is: starts N processes that
 * each spin one core, until this script is stopped (Ctrl+C, SIGTERM) or BURN_SECONDS pass. Used to
 * prove that the reliability suite asserts behaviour, not machine speed (RELIABILITY.md):
 *
 *   node --import tsx scripts/cpu-burn.ts 2 &   # two burners (node itself: kill reaches it)
 *   npx vitest run -c vitest.reliability.config.ts
 *   kill %1
 *
 * Args: N (default 2). Env: BURN_SECONDS (default: until stopped).
 */
import { spawn, type ChildProcess } from 'node:child_process';

const count = Number(process.argv[2] ?? 2);
const seconds = Number(process.env.BURN_SECONDS ?? 0);
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: tsx scripts/cpu-burn.ts [N]   (N burners, default 2)');
  process.exit(2);
}

// Each burner spins in 50 ms turns, looking up in between so that `disconnect` (this script died,
// however it died) ends it.
const BURN = `process.on('disconnect', () => process.exit(0));
(function spin() { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); })();`;
const burners: ChildProcess[] = Array.from({ length: count }, () =>
  spawn(process.execPath, ['-e', BURN], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }),
);
console.log(`cpu-burn: ${count} burners (pids ${burners.map((b) => b.pid).join(', ')})`);

function stop(): void {
  for (const burner of burners) burner.kill('SIGKILL');
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (seconds > 0) setTimeout(stop, seconds * 1000);

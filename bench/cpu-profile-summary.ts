/**
 * `npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [entries]`: where a V8 CPU profile's
 * time went, as self time summed per part of the request path (PARTS, first match by the
 * function's file and name), per file and per function; with `entries`, per 1,000 of them.
 * Profiles come from `node --cpu-prof` (BENCH_CPU_PROF_DIR, bench/api-servers.ts).
 */
import { readFileSync } from 'node:fs';
import { functionLabel, largest, selfTimeByNode, type Profile } from './cpu-profile';

/** Parts of the request path, matched in order on `url` and `functionName`. */
const PARTS: ReadonlyArray<[part: string, test: (url: string, name: string) => boolean]> = [
  ['idle', (_url, name) => name === '(idle)'],
  // The inspector session's `Profiler.stop` (bench/api-server.ts) writing this profile.
  ['the profiler itself', (url, name) => name === 'dispatch' && url === ''],
  ['garbage collector', (_url, name) => name === '(garbage collector)'],
  ['native, unattributed (program)', (_url, name) => name === '(program)'],
  ['JSON.parse of the body (secure-json-parse)', (url) => url.includes('/secure-json-parse/')],
  ['zod validation', (url) => url.includes('/zod/')],
  ['kysely (compile, driver)', (url) => url.includes('/kysely/')],
  ['better-sqlite3 (statements)', (url) => url.includes('/better-sqlite3/')],
  ['fastify, find-my-way, light-my-request', (url) => /\/(fastify|@fastify|find-my-way)/.test(url)],
  ['our server code', (url) => url.includes('/server/') || url.includes('/src/api/')],
  ['node http, net, streams', (url) => url.startsWith('node:')],
];

function partOf(url: string, name: string): string {
  for (const [part, test] of PARTS) if (test(url, name)) return part;
  return url === '' ? `native: ${name}` : 'other JS';
}

function main(): void {
  const [file, entriesArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [entries]');
  // The .cpuprofile format V8 writes.
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = selfTimeByNode(profile);
  const sums = { part: new Map<string, number>(), file: new Map<string, number>() };
  const functions = new Map<string, number>();
  let total = 0;
  let busy = 0;
  for (const [id, ms] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const part = partOf(frame.url, frame.functionName);
    const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + ms);
    add(sums.part, part);
    add(
      sums.file,
      frame.url
        .replace(/^.*node_modules\//, '')
        .replace(/^file:\/\/.*?\/(server|src|bench)\//, '$1/') || '(native)',
    );
    add(functions, functionLabel(frame));
    total += ms;
    if (part !== 'idle' && part !== 'the profiler itself') busy += ms;
  }
  const per1000 = entriesArg ? 1000 / Number(entriesArg) : undefined;
  const show = (title: string, map: Map<string, number>, top: number) => {
    console.log(`\n${title}`);
    for (const [key, ms] of largest(map, top)) {
      const share = key === 'idle' ? '' : `${((100 * ms) / busy).toFixed(1)}% of busy`;
      const scaled = per1000 === undefined ? '' : `${(ms * per1000).toFixed(2)} ms/1k entries`;
      console.log(
        `${ms.toFixed(0).padStart(8)} ms  ${scaled.padStart(20)}  ${share.padStart(13)}  ${key}`,
      );
    }
  };
  console.log(`profile ${file}: ${total.toFixed(0)} ms sampled, ${busy.toFixed(0)} ms busy`);
  show('by part', sums.part, 30);
  show('by file', sums.file, 25);
  show('by function', functions, 40);
}

main();

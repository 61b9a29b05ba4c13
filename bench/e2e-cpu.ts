// The browser stage's CPU by kind of process (issue 36): runs a fixed set of specs with
// `npx playwright test <specs> --workers=2` under variants of the tree's playwright.config.ts,
// rounds interleaved (ABAB…), and sums the CPU (utime + stime from /proc) of every process under
// the run by kind: renderer, gpu-process, browser, utility (Chromium's network and storage
// services), zygote, Playwright worker, the runner, the e2e service, other. Each process is
// sampled every SAMPLE_MS and keeps its last value (a process loses at most its last SAMPLE_MS).
// `time(1)` is `/usr/bin/time`'s figure for the run, for reference only: it counts what the
// process tree reaped, and Chromium's and the service's processes are not all reaped up the tree.
//
//   npx tsx bench/e2e-cpu.ts [--rounds 2] [--variant NAME=JSON]... -- <spec files or args>
//
// A variant is `{ "use": {…}, "args": [extra Chromium switches] }` laid over the tree's config
// (`current` = the config unchanged is always the first). The figures are CPU seconds per run and
// ratios to `current` in the same round: on a shared machine, compare only runs of one call.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = process.cwd();
const SAMPLE_MS = 100;
const CLOCK_TICKS = 100; // sysconf(_SC_CLK_TCK) on Linux.
const OUT_DIR = join(ROOT, '.tmp', 'e2e-cpu');

interface Variant {
  name: string;
  use?: Record<string, unknown>;
  args?: string[];
}

const KINDS = [
  'renderer',
  'gpu-process',
  'browser',
  'utility',
  'zygote',
  'worker',
  'runner',
  'service',
  'other',
] as const;
type Kind = (typeof KINDS)[number];

function kindOf(cmdline: string): Kind {
  if (/chrom/i.test(cmdline)) {
    const type = /--type=([\w-]+)/.exec(cmdline)?.[1];
    if (!type) return 'browser';
    if (type === 'renderer' || type === 'gpu-process' || type === 'utility' || type === 'zygote') {
      return type;
    }
    return 'other';
  }
  if (/e2e-service\/main\.js/.test(cmdline)) return 'service';
  if (/playwright\/lib\/common\/process|workerProcessEntry|workerMain/.test(cmdline)) {
    return 'worker';
  }
  if (/playwright(\/cli\.js|\s+test)/.test(cmdline)) return 'runner';
  return 'other';
}

interface Proc {
  ppid: number;
  ticks: number;
  kind: Kind;
}

function readStat(pid: string): { ppid: number; ticks: number; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is field 3.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(rest[1]),
      ticks: Number(rest[11]) + Number(rest[12]),
      start: rest[19] ?? '',
    };
  } catch {
    return undefined;
  }
}

function readCmdline(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/** Samples every process under ROOT_PID; each keeps its last CPU value, keyed by pid and start. */
function sampler(rootPid: number) {
  const seen = new Map<string, Proc>();
  const sample = () => {
    const stats = new Map<number, { ppid: number; ticks: number; start: string }>();
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const stat = readStat(pid);
      if (stat) stats.set(Number(pid), stat);
    }
    const under = new Set<number>([rootPid]);
    // Parents come before children often, not always: repeat until nothing is added.
    let grew = true;
    while (grew) {
      grew = false;
      for (const [pid, stat] of stats) {
        if (!under.has(pid) && under.has(stat.ppid)) {
          under.add(pid);
          grew = true;
        }
      }
    }
    for (const pid of under) {
      const stat = stats.get(pid);
      if (!stat) continue;
      const key = `${String(pid)}@${stat.start}`;
      // Read at every sample: a child is forked with its parent's command line and takes its own
      // at exec (the worker's browser and service) or later (the zygote's renderers). The CPU of
      // a process counts under the kind it has last.
      const cmdline = readCmdline(String(pid));
      const kind = cmdline ? kindOf(cmdline) : (seen.get(key)?.kind ?? 'other');
      seen.set(key, { ppid: stat.ppid, ticks: stat.ticks, kind });
    }
  };
  const timer = setInterval(sample, SAMPLE_MS);
  return {
    stop(): Record<Kind, number> & { processes: Record<Kind, number> } {
      clearInterval(timer);
      const cpu = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
      const processes = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
      for (const proc of seen.values()) {
        cpu[proc.kind] += proc.ticks / CLOCK_TICKS;
        processes[proc.kind] += 1;
      }
      return { ...cpu, processes };
    },
  };
}

/** A config that lays VARIANT over the tree's playwright.config.ts. */
function writeConfig(variant: Variant): string {
  const file = join(OUT_DIR, `${variant.name}.config.ts`);
  writeFileSync(
    file,
    `import base from ${JSON.stringify(join(ROOT, 'playwright.config'))};
const variant = ${JSON.stringify({ use: variant.use ?? {}, args: variant.args ?? [] })};
const launch = base.use?.launchOptions ?? {};
export default {
  ...base,
  testDir: ${JSON.stringify(join(ROOT, 'e2e'))},
  globalSetup: ${JSON.stringify(join(ROOT, 'e2e', 'global-setup.ts'))},
  outputDir: ${JSON.stringify(join(OUT_DIR, `results-${variant.name}`))},
  use: {
    ...base.use,
    ...variant.use,
    launchOptions: { ...launch, args: [...(launch.args ?? []), ...variant.args] },
  },
};
`,
  );
  return file;
}

interface Run {
  variant: string;
  round: number;
  wall: number;
  total: number;
  passed: number;
  failed: number;
  load: string;
  cpu: Record<Kind, number>;
  processes: Record<Kind, number>;
}

async function runOnce(variant: Variant, round: number, specs: string[]): Promise<Run> {
  const config = writeConfig(variant);
  const timeFile = join(OUT_DIR, `time-${variant.name}-${String(round)}.txt`);
  const logFile = join(OUT_DIR, `log-${variant.name}-${String(round)}.txt`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const started = Date.now();
  const child = spawn(
    '/usr/bin/time',
    [
      '-f',
      '%U %S',
      '-o',
      timeFile,
      'npx',
      'playwright',
      'test',
      '-c',
      config,
      '--workers=2',
      '--reporter=line',
      ...specs,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const watch = sampler(child.pid ?? 0);
  let log = '';
  child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const wall = (Date.now() - started) / 1000;
  const { processes, ...cpu } = watch.stop();
  writeFileSync(logFile, log);
  const [user, sys] = readFileSync(timeFile, 'utf8').trim().split('\n').pop()!.split(' ');
  const passed = Number(/(\d+) passed/.exec(log)?.[1] ?? 0);
  const failed = Number(/(\d+) failed/.exec(log)?.[1] ?? 0);
  return {
    variant: variant.name,
    round,
    wall,
    total: Number(user) + Number(sys),
    passed,
    failed,
    load,
    cpu,
    processes,
  };
}

function parseArgs(argv: string[]): { rounds: number; variants: Variant[]; specs: string[] } {
  const split = argv.indexOf('--');
  const own = split < 0 ? argv : argv.slice(0, split);
  const specs = split < 0 ? [] : argv.slice(split + 1);
  let rounds = 2;
  const variants: Variant[] = [{ name: 'current' }];
  for (let i = 0; i < own.length; i += 1) {
    if (own[i] === '--rounds') rounds = Number(own[++i]);
    else if (own[i] === '--variant') {
      const text = own[++i] ?? '';
      const eq = text.indexOf('=');
      variants.push({ name: text.slice(0, eq), ...(JSON.parse(text.slice(eq + 1)) as object) });
    } else if (own[i] === '--no-current') variants.shift();
    else throw new Error(`Unknown argument ${String(own[i])}`);
  }
  return { rounds, variants, specs };
}

const fmt = (n: number) => n.toFixed(1);
const sumOf = (run: Run) => KINDS.reduce((sum, kind) => sum + run.cpu[kind], 0);

function report(runs: Run[], variants: Variant[]): string {
  const header = ['variant', 'round', 'load', 'wall s', 'tests', ...KINDS, 'sum', 'time(1)'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`];
  for (const run of runs) {
    const seen = sumOf(run);
    lines.push(
      `| ${[
        run.variant,
        String(run.round),
        run.load,
        fmt(run.wall),
        `${String(run.passed)}✓ ${String(run.failed)}✗`,
        ...KINDS.map((kind) => fmt(run.cpu[kind])),
        fmt(seen),
        fmt(run.total),
      ].join(' | ')} |`,
    );
  }
  const base = variants[0]?.name;
  const ratios: string[] = [];
  for (const variant of variants.slice(1)) {
    for (const kind of [...KINDS, 'sum'] as const) {
      const pairs = runs
        .filter((run) => run.variant === variant.name)
        .map((run) => {
          const control = runs.find((r) => r.variant === base && r.round === run.round);
          const value = (r: Run) => (kind === 'sum' ? sumOf(r) : r.cpu[kind]);
          return control && value(control) > 0 ? value(run) / value(control) : NaN;
        });
      ratios.push(
        `${variant.name} ÷ ${String(base)}, ${kind}: ${pairs.map((r) => r.toFixed(2)).join(', ')}`,
      );
    }
  }
  return [...lines, '', ...ratios].join('\n');
}

async function main(): Promise<void> {
  const { rounds, variants, specs } = parseArgs(process.argv.slice(2));
  mkdirSync(OUT_DIR, { recursive: true });
  const runs: Run[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const variant of variants) {
      const run = await runOnce(variant, round, specs);
      runs.push(run);
      console.log(JSON.stringify(run));
    }
  }
  const text = report(runs, variants);
  writeFileSync(join(OUT_DIR, 'report.md'), text);
  console.log(`\n${text}`);
}

await main();

/**
 * Latency statistics of the API benchmarks (bench/api.ts and its modules): samples → median,
 * p95 and p99 (ms), and their tables.
 */
import { performance } from 'node:perf_hooks';

export interface Stat {
  median: number;
  p95: number;
  p99: number;
  n: number;
}

export function stat(samples: readonly number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99), n: sorted.length };
}

/** The median of a few values (of runs): the middle one, or the upper middle. */
export function median(values: readonly number[]): number {
  return stat(values).median;
}

export const ms = (value: number) => value.toFixed(value < 10 ? 3 : 1);

/**
 * A figure measured over a few runs, as the comparing benches print it (bench/guard.ts,
 * bench/logs-store-cpu.ts): the median, then each run in brackets, `digits` places each.
 */
export function medianAndRuns(values: readonly number[], digits: number): string {
  const runs = values.map((value) => value.toFixed(digits)).join(' / ');
  return `${median(values).toFixed(digits)} (${runs})`;
}

/** `now ÷ was` to two places, as every same-run ratio is printed. */
export function ratio(now: number, was: number): string {
  return (now / was).toFixed(2);
}

/** `run` timed `n` times after up to 20 warm-up calls. */
export async function time(n: number, run: () => Promise<unknown>): Promise<Stat> {
  for (let i = 0; i < Math.min(20, n); i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return stat(samples);
}

/** Prints stats as a table under `title` (name, median, p95, p99, n), if there are any. */
export function printStats(title: string, stats: Record<string, Stat>): void {
  if (Object.keys(stats).length === 0) return;
  console.log(`\n${title.padEnd(32)}  median      p95      p99     n`);
  for (const [name, s] of Object.entries(stats)) {
    console.log(
      `${name.padEnd(32)} ${ms(s.median).padStart(7)} ${ms(s.p95).padStart(8)} ${ms(s.p99).padStart(8)} ${String(s.n).padStart(5)}`,
    );
  }
}

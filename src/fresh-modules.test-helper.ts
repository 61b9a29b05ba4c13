/**
 * Setup file of the dashboard's test projects (vitest.config.ts), which share a worker process
 * from one file to the next (issue 36): starting a process per file was two thirds of their CPU.
 * What a fresh process gave each file, this gives it back:
 *
 * - Every module the test runner evaluated (ours: the API client's configured connection, the
 *   toasts, a pending sign-in link, the caches) is evaluated anew when this file imports it:
 *   `vi.resetModules()` before the file's own imports run. Vitest's runner itself is kept.
 * - A file must hand the globals back as it found them (a replaced `fetch`, a fake clock, a new
 *   global): the next file of its worker would inherit them. Checked after each file, by name and
 *   identity, and a file that leaves one changed fails.
 */
import { afterAll, expect, vi } from 'vitest';

vi.resetModules();

/**
 * `globalThis`'s own properties and what each holds. Read through `globalThis`, not by
 * descriptor: Node defines many (`AbortController`, `Headers`…) as getters that turn into plain
 * values when first read, which is no change by the file.
 */
function snapshotGlobals(): Map<PropertyKey, unknown> {
  const values = new Map<PropertyKey, unknown>();
  for (const key of Reflect.ownKeys(globalThis)) {
    if (notTheFiles(key)) continue;
    values.set(key, Reflect.get(globalThis, key));
  }
  return values;
}

/**
 * Globals a file does not own: Vitest's (its expect's state, which it sets per file) and the
 * ones a library makes once on first use and shares on purpose from then on (zod's config and
 * registry, Node's fetch dispatcher). Each file that comes later finds them already made.
 */
const NOT_THE_FILES = [
  /jest|vitest/i,
  /^__zod_global(Config|Registry)$/,
  /^Symbol\(undici\.globalDispatcher\.1\)$/,
];
function notTheFiles(key: PropertyKey): boolean {
  return NOT_THE_FILES.some((pattern) => pattern.test(String(key)));
}

const before = snapshotGlobals();

afterAll(() => {
  const fakeTimers = vi.isFakeTimers();
  // Put back what the file changed, so that only this file fails, not the next ones of its worker.
  vi.useRealTimers();
  const after = snapshotGlobals();
  const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
    (key) => !Object.is(before.get(key), after.get(key)),
  );
  for (const key of changed) {
    if (before.has(key)) Reflect.set(globalThis, key, before.get(key));
    else Reflect.deleteProperty(globalThis, key);
  }
  expect(
    { globals: changed.map(String), fakeTimers },
    'what this file left changed for the next file of its worker',
  ).toEqual({ globals: [], fakeTimers: false });
});

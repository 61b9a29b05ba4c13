/**
 * Opt-in shaking of the fast-check properties (issue 36): `FC_NUM_RUNS=5000 npx vitest run …`
 * runs every property that does not set its own `numRuns` that many times, with a fresh seed as
 * always; `FC_SEED=<seed>` replays the seed a red run printed. Without either variable this file
 * changes nothing, so CI keeps each property's own run count.
 */
/** The variable's integer, at least `min`; undefined when unset. A typo fails loudly. */
function integerFromEnv(name: string, min: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(
      `${name} must be an integer of at least ${String(min)}, got ${JSON.stringify(raw)}`,
    );
  }
  return value;
}

const numRuns = integerFromEnv('FC_NUM_RUNS', 1);
// fast-check prints seeds as signed 32-bit integers.
const seed = integerFromEnv('FC_SEED', -(2 ** 31));
if (numRuns !== undefined || seed !== undefined) {
  // Imported only then: every test file runs this, and most of them have no property.
  const { default: fc } = await import('fast-check');
  fc.configureGlobal({
    ...fc.readConfigureGlobal(),
    ...(numRuns === undefined ? {} : { numRuns }),
    ...(seed === undefined ? {} : { seed }),
  });
}

// A module, for the top-level await above.
export {};

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logIngestBodySchema } from '../../../contract/schemas/app-log';
import { acceptIngestBody } from './log-ingest-body';

/** Level names zod takes (any case, spaces around, `warning`) and some it refuses. */
const levelArb = fc.oneof(
  fc.constantFrom('info', 'INFO', ' Warning ', 'warn', 'Fatal', 'debug', 'error', 'unknown'),
  fc.constantFrom('loud', '', 'warnings', 'inf o'),
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.constant(null),
);

const jsonObjectArb = fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
  maxKeys: 4,
});

/** Objects with an own `__proto__` key, as JSON.parse makes them (zod's record leaves it out). */
const protoKeyArb = fc.constantFrom(
  JSON.parse('{"__proto__": {"x": 1}}') as unknown,
  JSON.parse('{"a": 1, "__proto__": null}') as unknown,
);

const dataArb = fc.oneof(
  fc.string({ maxLength: 12 }),
  jsonObjectArb,
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 0 }),
  protoKeyArb,
);

const contextArb = fc.oneof(
  fc.constant(null),
  jsonObjectArb,
  fc.jsonValue({ maxDepth: 1 }),
  protoKeyArb,
);

const createdAtArb = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom('2026-03-01T10:00:00+02:00', '2026-03-01T10:00:00Z', '2026-03-01T10:00'),
  fc.constantFrom('yesterday', '', '2026-02-30T10:00:00Z', '2026-03-01 10:00:00Z'),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.constant(null),
);

/** Entries zod accepts, by construction: the fast path must take every one of them. */
const validEntryArb = fc.record(
  {
    level: fc.constantFrom('info', 'WARNING', ' error', 'Debug', 'fatal', 'unknown'),
    data: fc.oneof(fc.string({ maxLength: 12 }), jsonObjectArb),
    context: fc.oneof(fc.constant(null), jsonObjectArb),
    created_at: fc
      .date({ noInvalidDate: true, min: new Date(0), max: new Date('9999-12-31T23:59:59Z') })
      .map((date) => date.toISOString()),
  },
  { requiredKeys: ['level', 'data'] },
);

/** An entry: each field present or not, valid or not, sometimes an unknown field more. */
const entryArb = fc.oneof(
  { weight: 12, arbitrary: validEntryArb },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        level: levelArb,
        data: dataArb,
        context: contextArb,
        created_at: createdAtArb,
        extra: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ['level', 'data'] },
    ),
  },
  { weight: 1, arbitrary: fc.record({ data: dataArb }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

const bodyArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ logs: fc.array(entryArb, { maxLength: 4 }) }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        logs: fc.oneof(fc.jsonValue({ maxDepth: 1 }), fc.array(entryArb, { maxLength: 2 })),
        other: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: [] },
    ),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * The fast path accepts only what zod accepts, with the same value; it leaves to zod only the
 * valid bodies holding an object with an own `__proto__` key (which the body parser refuses).
 */
function expectSameAsZod(body: unknown): boolean {
  const fast = acceptIngestBody(body);
  const zod = logIngestBodySchema.safeParse(body);
  if (fast === undefined && zod.success) expect(JSON.stringify(body)).toContain('"__proto__":');
  else expect(fast !== undefined).toBe(zod.success);
  if (fast !== undefined) {
    expect(fast).toEqual(zod.data);
    // What the store writes and the route answers is built from this JSON.
    expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
  }
  return fast !== undefined;
}

describe('acceptIngestBody', () => {
  it('accepts the bodies the zod schema accepts, with the same value, and refuses the others', () => {
    let accepted = 0;
    fc.assert(
      fc.property(bodyArb, (body) => {
        if (expectSameAsZod(body)) accepted += 1;
      }),
      { numRuns: 3000 },
    );
    // Both sides of the agreement were exercised.
    expect(accepted).toBeGreaterThan(50);
  });

  it('takes every valid body itself, so zod runs only for refusals', () => {
    fc.assert(
      fc.property(fc.array(validEntryArb, { minLength: 1, maxLength: 6 }), (logs) => {
        expect(expectSameAsZod({ logs })).toBe(true);
      }),
    );
  });

  it('agrees with zod on the bounds of a batch: 1 to 1000 entries', () => {
    const entries = (n: number) => ({
      logs: Array.from({ length: n }, () => ({ level: 'info', data: 'x' })),
    });
    for (const n of [0, 1, 1000, 1001]) expectSameAsZod(entries(n));
    expect(acceptIngestBody(entries(1000))?.logs).toHaveLength(1000);
    expect(acceptIngestBody(entries(1001))).toBeUndefined();
  });
});

// Arbitraries for the wire schemas' property tests: from a full object as our service sends it,
// what another server of the spec may send instead (spec 2: no response field is shown as
// required). Optional fields are kept, dropped, null or of another type; ids may be numbers;
// date-times carry an offset or no fraction; unknown fields are added.
import fc from 'fast-check';

/** What happens to one optional field. */
const fate = fc.constantFrom('keep', 'keep', 'drop', 'null', 'wrong-type');

/** A value of a type no field of the spec has: the schema must not fail on it. */
const wrongType = fc.constantFrom<unknown>({ nested: [1] }, [[]]);

/** Unknown extra fields, named so they never collide with the spec's own (`x_…`). */
export const extraFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).map((name) => `x_${name}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 3 },
);

/** An instant as servers write it: with an offset, without fraction, with `Z`, as epoch seconds. */
export const dateVariant = fc
  .record({
    ms: fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
    offsetMinutes: fc.constantFrom(0, 60, 120, -300, 330),
    style: fc.constantFrom('z', 'offset', 'no-fraction', 'epoch'),
  })
  .map(({ ms, offsetMinutes, style }) => {
    const whole = Math.floor(ms / 1000) * 1000;
    const instant = style === 'no-fraction' || style === 'epoch' ? whole : ms;
    return { instant, text: formatInstant(instant, offsetMinutes, style) };
  });

function formatInstant(ms: number, offsetMinutes: number, style: string): string | number {
  if (style === 'epoch') return ms / 1000;
  if (style === 'z') return new Date(ms).toISOString();
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const fraction = style === 'no-fraction' ? '' : `.${String(ms % 1000).padStart(3, '0')}`;
  const abs = Math.abs(offsetMinutes);
  const offset =
    offsetMinutes === 0
      ? 'Z'
      : `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${local}${fraction}${offset}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An id as a string or a number. */
export const idVariant = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }).filter((id) => id.trim() !== ''),
  fc.integer({ min: 0, max: 1e9 }),
);

/**
 * A variant of `full`: each key not in `required` is kept, dropped, null or of a wrong type, and
 * unknown fields are added. Returns the object and what became of each optional key.
 */
export function sparseVariant(full: Record<string, unknown>, required: readonly string[]) {
  const optional = Object.keys(full).filter((key) => !required.includes(key));
  return fc
    .record({
      fates: fc.tuple(...optional.map(() => fate)),
      wrong: wrongType,
      extra: extraFields,
    })
    .map(({ fates, wrong, extra }) => {
      const value: Record<string, unknown> = { ...extra };
      const outcome: Record<string, string> = {};
      for (const key of Object.keys(full)) {
        const what = required.includes(key) ? 'keep' : (fates[optional.indexOf(key)] ?? 'keep');
        outcome[key] = what;
        if (what === 'keep') value[key] = full[key];
        else if (what === 'null') value[key] = null;
        else if (what === 'wrong-type') value[key] = wrong;
      }
      return { value, outcome, extra };
    });
}

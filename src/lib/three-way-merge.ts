// The generic three-way merge behind every 412 conflict: base = what the form loaded, theirs =
// the server's current version, yours = the form's values. A field only one side changed merges
// by itself; a field both changed, to different values, is a conflict the admin settles.

export type ConflictChoice = 'theirs' | 'yours';

/** Per-field equality for values that are not compared by identity (sets, records). */
export type FieldEquality<T> = { [K in keyof T]?: (a: T[K], b: T[K]) => boolean };

export interface ThreeWayOptions<T> {
  /** The fields to compare, in the order conflicts are listed; by default every key of the three. */
  fields?: readonly (keyof T)[];
  equals?: FieldEquality<T>;
}

/** One field both sides changed differently. A side that lacks the key has `undefined`. */
export type FieldConflict<T> = {
  [K in keyof T]: { field: K; theirs: T[K]; yours: T[K] };
}[keyof T];

export type ConflictChoices<T> = Partial<Record<keyof T, ConflictChoice>>;

function fieldsOf<T extends object>(options: ThreeWayOptions<T>, ...sides: T[]): (keyof T)[] {
  if (options.fields) return [...options.fields];
  return [...new Set(sides.flatMap((side) => Object.keys(side) as (keyof T)[]))];
}

function same<T, K extends keyof T>(options: ThreeWayOptions<T>, field: K, a: T[K], b: T[K]) {
  const equals = options.equals?.[field];
  return equals ? equals(a, b) : Object.is(a, b);
}

function isConflict<T>(
  options: ThreeWayOptions<T>,
  field: keyof T,
  base: T,
  theirs: T,
  yours: T,
): boolean {
  return (
    !same(options, field, base[field], yours[field]) &&
    !same(options, field, base[field], theirs[field]) &&
    !same(options, field, theirs[field], yours[field])
  );
}

/** Fields both sides changed (against base) to different values. */
export function findConflicts<T extends object>(
  base: T,
  theirs: T,
  yours: T,
  options: ThreeWayOptions<T> = {},
): FieldConflict<T>[] {
  return fieldsOf(options, base, theirs, yours)
    .filter((field) => isConflict(options, field, base, theirs, yours))
    .map((field) => ({ field, theirs: theirs[field], yours: yours[field] }));
}

/** Arrays are copied so the merge never shares one with its inputs (forms mutate them). */
function copy<V>(value: V): V {
  return (Array.isArray(value) ? [...(value as unknown[])] : value) as V;
}

/**
 * Their version with every field you changed taken from yours, except conflicts whose choice is
 * `theirs` (a choice for a field that is no conflict changes nothing). Fields only they changed
 * keep their value, so "overwrite with yours" never reverts what you did not touch. A key you
 * removed (absent in yours) is removed from the result.
 */
export function mergeThreeWay<T extends object>(
  base: T,
  theirs: T,
  yours: T,
  choices: ConflictChoices<T> = {},
  options: ThreeWayOptions<T> = {},
): T {
  const merged = { ...theirs };
  for (const field of fieldsOf(options, base, theirs, yours)) {
    if (field in merged) merged[field] = copy(merged[field]);
    if (same(options, field, base[field], yours[field])) continue;
    if (isConflict(options, field, base, theirs, yours) && choices[field] === 'theirs') continue;
    if (field in yours) merged[field] = copy(yours[field]);
    else Reflect.deleteProperty(merged, field);
  }
  return merged;
}

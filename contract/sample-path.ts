// A variable's path in a template (`order.lines[0].name`), and whether a sample answers it, read
// as liquidjs reads it (its `readProperty`): the dashboard's unknown-variable marks and the
// service's checks before sending share them, so both call the same paths unknown, the same way.

/** One step of a path: a property name, or an index (`[0]`, `[-1]` from the end). */
export type PathSegment = string | number;

/** `['order', 'lines', 0, 'title']` → `order.lines[0].title`. */
export function formatPath(segments: readonly PathSegment[]): string {
  return segments
    .map((segment, index) =>
      typeof segment === 'number' ? `[${String(segment)}]` : index === 0 ? segment : `.${segment}`,
    )
    .join('');
}

/** Whether `data` has a value (null included) at `segments`. */
export function hasPath(data: unknown, segments: readonly PathSegment[]): boolean {
  let current: unknown = data;
  for (const segment of segments) {
    current = propertyOf(current, segment);
    if (current === undefined) return false;
  }
  return true;
}

/**
 * One step as liquidjs takes it: an own property first (a list's or a text's `length` too), a
 * negative index from a list's end, then `size` (an object's is its number of keys), and a list's
 * `first` and `last`. Nothing is read through a nil: Liquid prints nothing there, and no sample
 * says what is.
 */
function propertyOf(value: unknown, segment: PathSegment): unknown {
  if (value === null || value === undefined) return undefined;
  if (Array.isArray(value) && typeof segment === 'number' && segment < 0) return value.at(segment);
  const key = String(segment);
  // Object.hasOwn boxes a text as liquidjs's `hasOwnProperty.call` does (its length and indexes
  // are its own); the cast is for its type only.
  const holds = typeof value === 'object' || typeof value === 'string';
  if (holds && Object.hasOwn(value as object, key)) {
    return (value as Record<string, unknown>)[key];
  }
  if (segment === 'size') return sizeOf(value);
  if (!Array.isArray(value)) return undefined;
  if (segment === 'first') return value[0];
  return segment === 'last' ? value.at(-1) : undefined;
}

function sizeOf(value: unknown): number | undefined {
  if (Array.isArray(value) || typeof value === 'string') return value.length;
  return typeof value === 'object' && value !== null ? Object.keys(value).length : undefined;
}

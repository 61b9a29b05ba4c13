/** `write_orders` → "Write orders": the hint shown beside a scope. */
export function scopeDescription(scope: string): string {
  const [verb, ...rest] = scope.split('_');
  if (!verb) return scope;
  const words = [verb.charAt(0).toUpperCase() + verb.slice(1), ...rest];
  return words.join(' ');
}

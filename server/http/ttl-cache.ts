/**
 * A few seconds of memory for lookups that hot paths repeat (tokens, memberships, app ids): an
 * entry answers until `ttlMs` after it was set. Misses are not remembered, so something new is
 * seen at once; something removed within `ttlMs`. Past `maxEntries` the cache starts again (a
 * bound, not an eviction policy).
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 5_000,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    if (this.entries.size > this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs });
  }
}

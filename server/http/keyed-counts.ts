/**
 * The counting under every per-principal cap of the service: how many of something each key
 * holds now (a token's or a site's requests at work in the work gate, an address's open sockets
 * in connection-limits.ts, a member's waiting tails). A key whose count falls to zero is
 * forgotten, so the map holds only the keys that hold something: a stream of one-off clients
 * does not grow it.
 */
export class KeyedCounts<K> {
  private readonly counts = new Map<K, number>();

  of(key: K): number {
    return this.counts.get(key) ?? 0;
  }

  add(key: K): void {
    this.counts.set(key, this.of(key) + 1);
  }

  /** One fewer for `key`; never below zero. */
  remove(key: K): void {
    const left = this.of(key) - 1;
    if (left <= 0) this.counts.delete(key);
    else this.counts.set(key, left);
  }

  /** All keys together. */
  total(): number {
    let sum = 0;
    for (const count of this.counts.values()) sum += count;
    return sum;
  }

  /** Keys that hold something now. */
  size(): number {
    return this.counts.size;
  }
}

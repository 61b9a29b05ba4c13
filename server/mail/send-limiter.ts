/**
 * At most `limit` test sends per user in a sliding window: a test send costs the SMTP server and
 * a mailbox, and a stuck key or a script must not turn the service into a mail cannon. In memory,
 * per instance: with several instances a user may send `limit` through each, still bounded.
 */
export class SendLimiter {
  private readonly sent = new Map<string, number[]>();

  constructor(
    private readonly limit = 5,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a send for `key`; returns 0 if allowed, else the seconds until the next one is. */
  take(key: string): number {
    const now = this.now();
    const recent = (this.sent.get(key) ?? []).filter((at) => now - at < this.windowMs);
    const [oldest] = recent;
    if (recent.length >= this.limit && oldest !== undefined) {
      this.sent.set(key, recent);
      return Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.sent.set(key, recent);
    // Users are few; forgetting everyone at once only lets a few extra sends through.
    if (this.sent.size > 10_000) this.sent.clear();
    return 0;
  }
}

/** Seed times are relative to the moment of seeding, so the demo always looks recent. */
export function hoursAgo(now: Date, hours: number): string {
  return new Date(now.getTime() - hours * 3_600_000).toISOString();
}

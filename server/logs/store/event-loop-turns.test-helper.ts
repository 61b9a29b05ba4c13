/**
 * How many turns the event loop got while `work` ran: a `setImmediate` chain counts one per
 * turn. Synchronous database work (better-sqlite3) in one piece gives it none; work in steps
 * with a turn between gives at least one per step. Counts behaviour, not speed.
 */
export async function turnsDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns += 1;
    setImmediate(tick);
  };
  setImmediate(tick);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    running = false;
  }
}

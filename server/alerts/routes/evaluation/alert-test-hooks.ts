/**
 * Test hooks of the alerts' work (issue 41, decision 093), off unless the environment names them
 * (server/platform/config.ts): the reliability suite kills a leader at a named step and drives
 * the clock of service processes it cannot reach into. Nothing here runs in a normal process.
 */
import { closeSync, openSync, readFileSync } from 'node:fs';

/**
 * The steps a process can be killed at: right after the evaluation's transaction committed a
 * change and its outbox rows, after a sender claimed an outbox row (before sending it), and
 * after the SMTP server or webhook accepted it (before it is marked sent).
 */
export const ALERT_CRASH_STEPS = ['after-evaluate', 'after-claim', 'after-send'] as const;
export type AlertCrashStep = (typeof ALERT_CRASH_STEPS)[number];
export type CrashHook = (step: AlertCrashStep) => void;

/** Does nothing: what a normal process runs. */
export const NO_CRASH: CrashHook = () => undefined;

/**
 * A hook that kills this process (SIGKILL: nothing closes, nothing is flushed) when the work
 * reaches `at`. With `onceFile`, only the first process to reach it dies (it creates the file;
 * a process that finds it there goes on), so a successor or a restart with the same
 * environment completes the work.
 */
export function crashHook(at: AlertCrashStep | undefined, onceFile?: string): CrashHook {
  if (at === undefined) return NO_CRASH;
  return (step) => {
    if (step !== at) return;
    if (onceFile !== undefined) {
      try {
        closeSync(openSync(onceFile, 'wx'));
      } catch {
        return; // another process (or this file's earlier run) crashed here already
      }
    }
    process.kill(process.pid, 'SIGKILL');
  };
}

/** A clock (epoch ms) read from `path` at each call: the test writes the time it wants. */
export function fileClock(path: string): () => number {
  return () => {
    const text = readFileSync(path, 'utf8').trim();
    const ms = Number(text);
    if (text === '' || !Number.isFinite(ms))
      throw new Error(`${path} does not hold epoch milliseconds`);
    return ms;
  };
}

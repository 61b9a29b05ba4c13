/**
 * The waiting follow request (decision 013), pure: our service holds `GET …/logs?since=…&wait=N`
 * until an entry newer than `since` is committed; the real platform ignores `wait` and answers
 * at once. The engine does not assume either: it sends `wait` on follow requests and reads the
 * answers.
 *
 * - An answer with nothing newer than `since` that came after HELD_MS or more: the server held
 *   the request, it honours `wait` (from then on every follow request goes at once).
 * - An answer with nothing newer that came sooner: a strike. STRIKES of them and the server is
 *   taken to ignore `wait`: the engine stops sending it and polls at the interval as before.
 * - Until either is known, a follow request goes at once after an answer that brought something
 *   (an honouring server holds the next one; an ignoring one answers it, probably empty: a
 *   strike) and after the interval otherwise, so an ignoring server costs STRIKES requests more.
 */
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import { boundToSeconds } from './log-cursor';
import type { TailRequest } from './tail-requests';

export type WaitSupport =
  { kind: 'unknown'; strikes: number } | { kind: 'honoured' } | { kind: 'ignored' };

export const UNKNOWN_WAIT_SUPPORT: WaitSupport = { kind: 'unknown', strikes: 0 };

/** A held answer lasted at least this long; a foreign server answering slower is taken as honouring. */
export const HELD_MS = 1000;
/** Quick answers with nothing new after which a server is taken to ignore `wait`. */
export const STRIKES = 3;

/** Whether `request` goes out with `wait`: a follow request with `since`, unless ignored. */
export function waitsFor(support: WaitSupport, request: TailRequest, waitSeconds: number): boolean {
  return (
    waitSeconds > 0 &&
    support.kind !== 'ignored' &&
    request.kind === 'follow' &&
    request.query.since !== undefined
  );
}

/** What a waiting answer tells about the server; `newer`: it held an entry newer than since. */
export function afterWaitingAnswer(
  support: WaitSupport,
  answer: { newer: boolean; elapsedMs: number },
): WaitSupport {
  if (support.kind !== 'unknown' || answer.newer) return support;
  if (answer.elapsedMs >= HELD_MS) return { kind: 'honoured' };
  const strikes = support.strikes + 1;
  return strikes >= STRIKES ? { kind: 'ignored' } : { kind: 'unknown', strikes };
}

/** Whether the next follow request may skip the interval (the server will hold it). */
export function skipsInterval(support: WaitSupport, lastAnswerBroughtNewer: boolean): boolean {
  if (support.kind === 'honoured') return true;
  return support.kind === 'unknown' && lastAnswerBroughtNewer;
}

/** Whether `page` holds an entry newer than the request's `since` (what ends a wait). */
export function holdsNewer(page: readonly AppLogEntry[], since: number | string): boolean {
  const seconds = boundToSeconds(since);
  return seconds === undefined || page.some((entry) => entry.time > seconds);
}

/**
 * The tail's two pure questions: what is the next request (`nextRequest`, `pageRequest`), and
 * how does its answer change the state (`applyPage`). The driver (tail-engine.ts) only sends
 * the request, waits and retries.
 */
import type { AppLogEntry, AppLogQuery } from '../../../../contract/schemas/app-log';
import { nextUp } from './log-cursor';
import { applyFirstPage, applyFollowPage, applyGroupAfter, applyGroupEnd } from './tail-follow';
import {
  applyAroundAfter,
  applyAroundBefore,
  applyGroupStart,
  applyNewerGroupEnd,
  applyNewerPage,
  applyOlderPage,
} from './tail-history';
import {
  baseQuery,
  canLoadNewer,
  canLoadOlder,
  type OlderBoundary,
  type TailState,
} from './tail-state';

/** One request of the tail: its query, and what its answer is for. */
export type TailRequest = { query: AppLogQuery } & (
  | { kind: 'first' }
  | { kind: 'follow' }
  | { kind: 'group-after' }
  | { kind: 'group-end' }
  | { kind: 'around-before' }
  | { kind: 'around-after' }
  | { kind: 'older'; boundary: OlderBoundary | null }
  | { kind: 'older-group-start'; boundary: OlderBoundary }
  | { kind: 'newer' }
  | { kind: 'newer-group-end'; time: number }
);

/** The next request of the tail's own flow, and whether it waits the interval first. */
export interface NextRequest {
  request: TailRequest;
  afterInterval: boolean;
}

/**
 * The next request of the tail's own flow (first page, following), or null when a history
 * view has what it needs (older and newer pages are asked for: see `pageRequest`).
 */
export function nextRequest(state: TailState): NextRequest | null {
  const { phase, filter, follow } = state;
  const query = baseQuery(state);
  switch (phase.kind) {
    case 'starting':
      if (filter.before !== undefined) query.before = filter.before;
      return { request: { kind: 'first', query }, afterInterval: false };
    case 'around':
      if (phase.before === null) {
        query.before = nextUp(phase.at);
        return { request: { kind: 'around-before', query }, afterInterval: false };
      }
      query.since = phase.at;
      if (filter.before !== undefined) query.before = filter.before;
      return { request: { kind: 'around-after', query }, afterInterval: false };
    case 'following': {
      const afterInterval = follow.next === 'interval';
      const { group } = follow;
      if (group === null) {
        if (follow.cursor !== undefined) query.since = follow.cursor;
        return { request: { kind: 'follow', query }, afterInterval };
      }
      if (group.after === null) {
        query.since = group.since;
        return { request: { kind: 'group-after', query }, afterInterval };
      }
      query.before = nextUp(group.time);
      return { request: { kind: 'group-end', query }, afterInterval };
    }
    case 'history':
      return null;
  }
}

export type PageDirection = 'older' | 'newer';

/** The next page an admin asked for, older or newer than what is held, or null. */
export function pageRequest(state: TailState, direction: PageDirection): TailRequest | null {
  const query = baseQuery(state);
  if (direction === 'older') {
    const { boundary, groupStart } = state.older;
    if (groupStart) {
      query.since = groupStart.time;
      query.before = nextUp(groupStart.time);
      return { kind: 'older-group-start', query, boundary: groupStart };
    }
    if (!canLoadOlder(state)) return null;
    if (boundary) query.before = boundary.exclusive ? boundary.time : nextUp(boundary.time);
    else if (state.filter.before !== undefined) query.before = state.filter.before;
    return { kind: 'older', query, boundary };
  }
  const { cursor, groupEnd } = state.newer;
  if (!canLoadNewer(state) || cursor === undefined) return null;
  if (groupEnd !== null) {
    query.before = nextUp(groupEnd);
    return { kind: 'newer-group-end', query, time: groupEnd };
  }
  query.since = cursor;
  if (state.filter.before !== undefined) query.before = state.filter.before;
  return { kind: 'newer', query };
}

/** Whether the page load in this direction must go on at once (to a group's other end). */
export function mustContinue(state: TailState, direction: PageDirection): boolean {
  return direction === 'older' ? state.older.groupStart !== null : state.newer.groupEnd !== null;
}

/** The state once `page` answered `request`; `nowMs` dates a full page's "behind". */
export function applyPage(
  state: TailState,
  request: TailRequest,
  page: readonly AppLogEntry[],
  nowMs: number,
): TailState {
  switch (request.kind) {
    case 'first':
      return applyFirstPage(state, page, nowMs);
    case 'follow':
      return applyFollowPage(state, page, nowMs);
    case 'group-after':
      return applyGroupAfter(state, page);
    case 'group-end':
      return applyGroupEnd(state, page, nowMs);
    case 'around-before':
      return applyAroundBefore(state, page);
    case 'around-after':
      return applyAroundAfter(state, page);
    case 'older':
      return applyOlderPage(state, request.boundary, page);
    case 'older-group-start':
      return applyGroupStart(state, request.boundary, page);
    case 'newer':
      return applyNewerPage(state, page);
    case 'newer-group-end':
      return applyNewerGroupEnd(state, request.time, page);
  }
}

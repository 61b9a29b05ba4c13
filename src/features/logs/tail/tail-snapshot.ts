/**
 * What the log viewer sees of a tail (`TailEngine.getSnapshot`): a pure function of the engine's
 * state, its conditions and the admin's page loads, and the equality that keeps the snapshot
 * object stable when a poll changed nothing.
 */
import type { AppLogEntry } from '../../../../contract/schemas/app-log';
import {
  canLoadNewer,
  canLoadOlder,
  statusOf,
  type TailConditions,
  type TailFilter,
  type TailGap,
  type TailState,
  type TailStatus,
} from './tail-state';
import type { PageDirection } from './tail-requests';

export interface TailSnapshot {
  entries: readonly AppLogEntry[]; // oldest first; a NEW array object whenever it changes
  status: TailStatus;
  warnings: readonly string[];
  droppedCount: number; // entries dropped from the start of the buffer (bounded buffer)
  canLoadOlder: boolean;
  loadingOlder: boolean;
  filter: TailFilter;
  generation: number; // increments on every fresh start (filter change)
  appended: number; // total entries appended at the end since start
  /** The admin's choice; the status may say hidden or reconnecting meanwhile. */
  paused: boolean;
  /** The time ranges reported in `warnings`, as numbers (tests and the viewer can mark them). */
  gaps: readonly TailGap[];
  /** Why the last older page failed, until the next try. */
  olderError: string | null;
  /** Why the last newer page failed, until the next try. */
  newerError: string | null;
  /** A history view opened around an entry can be extended towards the present. */
  canLoadNewer: boolean;
  loadingNewer: boolean;
  /** The entry a history view was opened around (`startAround`), or null. */
  focusId: string | null;
}

/** An admin-asked page load (older or newer): at most one per direction at a time. */
export interface PageLoad {
  promise: Promise<void> | null;
  error: string | null;
}

export function freshPageLoads(): Record<PageDirection, PageLoad> {
  return { older: { promise: null, error: null }, newer: { promise: null, error: null } };
}

/** `live`: whether a tail is started (a stopped one offers no pages to load). */
export function snapshotOf(
  state: TailState,
  conditions: TailConditions,
  pages: Record<PageDirection, PageLoad>,
  live: boolean,
): TailSnapshot {
  const { buffer } = state;
  return {
    entries: buffer.entries,
    status: statusOf(state, conditions),
    warnings: state.warnings,
    droppedCount: buffer.droppedCount,
    canLoadOlder: live && canLoadOlder(state),
    loadingOlder: pages.older.promise !== null,
    filter: state.filter,
    generation: state.generation,
    appended: buffer.appended,
    paused: buffer.paused,
    gaps: state.gaps,
    olderError: pages.older.error,
    newerError: pages.newer.error,
    canLoadNewer: live && canLoadNewer(state),
    loadingNewer: pages.newer.promise !== null,
    focusId: state.focusId,
  };
}

/** Keeps `getSnapshot` stable when a poll changed nothing (useSyncExternalStore re-renders). */
export function sameSnapshot(a: TailSnapshot, b: TailSnapshot): boolean {
  for (const key of Object.keys(b) as (keyof TailSnapshot)[]) {
    if (key === 'status') {
      if (JSON.stringify(a.status) !== JSON.stringify(b.status)) return false;
    } else if (a[key] !== b[key]) {
      return false;
    }
  }
  return true;
}

import { useCallback, useMemo, useState } from 'react';
import { countNewLines, type NewLines } from './new-lines';
import type { TailSnapshot } from './tail/tail-engine';

interface FollowState {
  generation: number;
  following: boolean;
  /** The engine's `appended` when following stopped: what the pill counts from. */
  baseline: number;
}

const NONE: NewLines = { count: 0, errors: 0 };

/**
 * Whether the list follows new lines, and what arrived since it stopped. Following belongs to
 * one tail: a fresh start (a new filter) follows again; a history view never follows.
 */
export function useFollow(snapshot: TailSnapshot, live: boolean) {
  const [follow, setFollow] = useState<FollowState>({
    generation: snapshot.generation,
    following: true,
    baseline: 0,
  });
  const following = live && (follow.generation === snapshot.generation ? follow.following : true);
  const { generation, appended, entries } = snapshot;
  const setFollowing = useCallback(
    (next: boolean) => setFollow({ generation, following: next, baseline: appended }),
    [generation, appended],
  );
  const newLines = useMemo(
    () => (following ? NONE : countNewLines(entries, appended, follow.baseline)),
    [following, entries, appended, follow.baseline],
  );
  return { following, setFollowing, newLines };
}

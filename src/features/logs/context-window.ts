/** How many neighbours the context panel asks for first, and how many more per "Load more". */
export const CONTEXT_STEP = 20;
/** The service's most per side (LOG_CONTEXT_MAX): "Load more" stops there. */
export const CONTEXT_MAX = 200;

export interface ContextCounts {
  before: number;
  after: number;
}

/** The counts after one more "Load more" on `side`, never past CONTEXT_MAX. */
export function moreContext(counts: ContextCounts, side: keyof ContextCounts): ContextCounts {
  return { ...counts, [side]: Math.min(CONTEXT_MAX, counts[side] + CONTEXT_STEP) };
}

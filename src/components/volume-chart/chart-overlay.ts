/** A moment drawn over the bars: an alert fired (or would have) or resolved there. */
export interface ChartMark {
  /** Epoch seconds. */
  at: number;
  kind: 'fired' | 'resolved';
  /** With a label the mark is also a pin a reader can reach (chart-mark-pins.tsx). */
  label?: string;
}

/** What an alert draws over the volume (issue 41): its threshold and its moments. */
export interface ChartOverlay {
  threshold?: number;
  marks?: readonly ChartMark[];
}

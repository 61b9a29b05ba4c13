import type uPlot from 'uplot';
import { cn } from '../../lib/cn';
import { formatLogTime } from '../../lib/log-time-format';
import type { ChartMark } from './chart-overlay';

/** A labelled mark placed over the chart, in CSS pixels from the chart box's top left. */
export interface MarkPin {
  left: number;
  top: number;
  kind: ChartMark['kind'];
  /** What the pin says: its time and the mark's label. */
  text: string;
}

/** Where each labelled mark in view sits over the plot (uPlot's bbox is in canvas pixels). */
export function markPins(u: uPlot, marks: readonly ChartMark[]): MarkPin[] {
  const ratio = devicePixelRatio;
  const width = u.bbox.width / ratio;
  const pins: MarkPin[] = [];
  for (const mark of marks) {
    if (mark.label === undefined) continue;
    const x = u.valToPos(mark.at, 'x');
    if (!(x >= 0 && x <= width)) continue;
    pins.push({
      left: u.bbox.left / ratio + x,
      top: u.bbox.top / ratio,
      kind: mark.kind,
      text: `${formatLogTime(mark.at, false).slice(5, 16)} · ${mark.label}`,
    });
  }
  return pins;
}

/**
 * The labelled marks as buttons over their lines (issue 41): a keyboard or a pointer reaches
 * each, its name says what happened (the chart's own lines are only drawn), and hovering or
 * focusing one shows it in the chart's line (`onShow`). A 24 px target around a small dot.
 */
export function ChartMarkPins({
  pins,
  onShow,
}: {
  pins: readonly MarkPin[];
  onShow: (text: string | null) => void;
}) {
  if (pins.length === 0) return null;
  return (
    <ul aria-label="Alert marks" className="pointer-events-none absolute inset-0">
      {pins.map((pin) => (
        <li
          key={`${String(pin.left)}-${pin.text}`}
          className="absolute"
          style={{ left: pin.left, top: pin.top }}
        >
          <button
            type="button"
            aria-label={pin.text}
            title={pin.text}
            data-alert-mark={pin.kind}
            className="focus-visible:outline-ring pointer-events-auto flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full focus-visible:outline-2"
            onMouseEnter={() => onShow(pin.text)}
            onMouseLeave={() => onShow(null)}
            onFocus={() => onShow(pin.text)}
            onBlur={() => onShow(null)}
            onClick={() => onShow(pin.text)}
          >
            <span
              aria-hidden="true"
              className={cn(
                'ring-surface size-2.5 rounded-full ring-2',
                pin.kind === 'fired' ? 'bg-danger' : 'bg-success',
              )}
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

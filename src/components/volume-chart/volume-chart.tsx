import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { LogVolume } from '../../../contract/schemas/app-log-volume';
import type { LogLevel } from '../../../contract/schemas/app-log';
import { cn } from '../../lib/cn';
import { formatEntryCount, formatLogTime } from '../../lib/log-time-format';
import { describeCounts, stackedSeries, STACK_ORDER } from './stacked-series';
import { axisLabels } from './axis-labels';
import { ChartMarkPins, markPins, type MarkPin } from './chart-mark-pins';
import type { ChartMark, ChartOverlay } from './chart-overlay';

export type { ChartMark, ChartOverlay } from './chart-overlay';

/** Bar colours from the theme's variables (styles.css), read again when the theme changes. */
const LEVEL_COLOURS: Record<LogLevel, string> = {
  fatal: '--sc-danger',
  error: '--sc-danger',
  warn: '--sc-warning',
  info: '--sc-accent',
  debug: '--sc-muted',
  unknown: '--sc-border-strong',
};
const DARK = '(prefers-color-scheme: dark)';

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'gray';
}

const MARK_COLOURS: Record<ChartMark['kind'], string> = {
  fired: '--sc-danger',
  resolved: '--sc-success',
};

/** The threshold as a dashed line across, each mark as a line down with a cap on top. */
function drawOverlay(u: uPlot, overlay: ChartOverlay | undefined): void {
  if (!overlay) return;
  const { ctx, bbox } = u;
  const scale = devicePixelRatio;
  ctx.save();
  ctx.lineWidth = 1.5 * scale;
  if (overlay.threshold !== undefined) {
    const y = u.valToPos(overlay.threshold, 'y', true);
    ctx.strokeStyle = cssVar('--sc-danger');
    ctx.setLineDash([6 * scale, 4 * scale]);
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const mark of overlay.marks ?? []) {
    const x = u.valToPos(mark.at, 'x', true);
    if (x < bbox.left || x > bbox.left + bbox.width) continue;
    const colour = cssVar(MARK_COLOURS[mark.kind]);
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.moveTo(x, bbox.top);
    ctx.lineTo(x, bbox.top + bbox.height);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x, bbox.top + 3 * scale, 3 * scale, 0, 2 * Math.PI);
    ctx.fill();
  }
  ctx.restore();
}

/** One series per level, tallest first (see stackedSeries), each drawn as bars. */
function chartOptions(
  width: number,
  height: number,
  onSelect: (u: uPlot) => void,
  overlay: () => ChartOverlay | undefined,
  onDraw: (u: uPlot) => void,
): uPlot.Options {
  const bars = uPlot.paths.bars?.({ size: [0.85, 40], gap: 1 });
  const levels = [...STACK_ORDER].reverse();
  return {
    width,
    height,
    legend: { show: false },
    cursor: { drag: { x: true, y: false, setScale: false }, points: { show: false } },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales: {
      x: { time: true },
      // The threshold stays in sight above the bars.
      y: { range: (_u, _min, max) => [0, Math.max(1, max, (overlay()?.threshold ?? 0) * 1.15)] },
    },
    axes: [
      {
        stroke: cssVar('--sc-muted'),
        grid: { show: false },
        ticks: { show: false },
        size: 22,
        // Room for the longer labels a close zoom needs (`18:07:05`, `11-27 18:07`).
        space: 80,
        // One line of local time, as fine as the splits need and no finer (axis-labels.ts).
        values: (_u, splits) => axisLabels(splits),
      },
      {
        stroke: cssVar('--sc-muted'),
        grid: { stroke: cssVar('--sc-border'), width: 1 },
        ticks: { show: false },
        size: 36,
        splits: (_u, _axis, _min, max) => [0, Math.max(1, Math.round(max))],
      },
    ],
    series: [
      {},
      ...levels.map((level) => ({
        label: level,
        fill: cssVar(LEVEL_COLOURS[level]),
        stroke: cssVar(LEVEL_COLOURS[level]),
        width: 0,
        paths: bars,
        points: { show: false },
      })),
    ],
    hooks: {
      setSelect: [onSelect],
      draw: [
        (u) => {
          drawOverlay(u, overlay());
          onDraw(u);
        },
      ],
    },
  };
}

/**
 * The uPlot chart of the volume: stacked bars, a line above it with the hovered bucket's
 * counts, and zoom by dragging across bars or clicking one (`onZoom` gets the time range).
 * An alert draws its threshold and its moments over it (`overlay`) and names its buckets
 * (`describeBucket`); without `onZoom` the chart does not zoom.
 */
export default function VolumeChart({
  volume,
  className,
  onZoom,
  overlay,
  caption = 'Log volume · drag across bars or click one to zoom',
  label = 'Log volume chart',
  describeBucket,
  summary,
}: {
  volume: LogVolume;
  className: string;
  onZoom?: (from: number, to: number) => void;
  overlay?: ChartOverlay;
  caption?: string;
  label?: string;
  describeBucket?: (bucket: LogVolume['buckets'][number]) => string;
  /** What the line says while no bar is hovered; the total of entries by default. */
  summary?: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const volumeRef = useRef(volume);
  const zoomRef = useRef(onZoom);
  const overlayRef = useRef(overlay);
  const [hovered, setHovered] = useState<number | null>(null);
  const [pins, setPins] = useState<readonly MarkPin[]>([]);
  const [shownMark, setShownMark] = useState<string | null>(null);
  const [dark, setDark] = useState(() => matchMedia(DARK).matches);

  useEffect(() => {
    volumeRef.current = volume;
    zoomRef.current = onZoom;
    overlayRef.current = overlay;
  });

  useEffect(() => {
    const media = matchMedia(DARK);
    const onChange = () => setDark(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  // One plot per theme; data updates go through setData below.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let dragged = false;
    const onSelect = (u: uPlot) => {
      if (u.select.width < 3) return;
      dragged = true;
      const from = u.posToVal(u.select.left, 'x');
      const to = u.posToVal(u.select.left + u.select.width, 'x');
      u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
      zoomRef.current?.(from, to);
    };
    const plot = new uPlot(
      chartOptions(
        box.clientWidth,
        box.clientHeight,
        onSelect,
        () => overlayRef.current,
        (u) => {
          // Every redraw (data, size) places the pins again; equal pins keep the state.
          const next = markPins(u, overlayRef.current?.marks ?? []);
          setPins((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
        },
      ),
      stackedSeries(volumeRef.current) as uPlot.AlignedData,
      box,
    );
    plotRef.current = plot;
    plot.over.addEventListener('mousemove', () => setHovered(plot.cursor.idx ?? null));
    plot.over.addEventListener('mouseleave', () => setHovered(null));
    plot.over.addEventListener('click', () => {
      if (dragged) {
        dragged = false;
        return;
      }
      const bucket = volumeRef.current.buckets[plot.cursor.idx ?? -1];
      if (bucket) zoomRef.current?.(bucket.start, bucket.start + volumeRef.current.bucket_seconds);
    });
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: box.clientWidth, height: box.clientHeight }),
    );
    resize.observe(box);
    return () => {
      resize.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [dark]);

  useEffect(() => {
    plotRef.current?.setData(stackedSeries(volume) as uPlot.AlignedData);
  }, [volume]);

  // A new threshold rescales y (setData recomputes the range); new marks only redraw.
  useEffect(() => {
    plotRef.current?.setData(stackedSeries(volumeRef.current) as uPlot.AlignedData);
  }, [overlay]);

  const bucket = hovered === null ? undefined : volume.buckets[hovered];
  const total = volume.buckets.reduce(
    (sum, item) => sum + Object.values(item.counts).reduce((a, b) => a + b, 0),
    0,
  );
  return (
    <figure className="border-border bg-surface flex flex-col rounded-lg border px-2 pt-1">
      <figcaption className="text-muted flex min-h-5 flex-wrap justify-between gap-x-3 text-xs">
        <span>{caption}</span>
        <output aria-live="polite" className="text-fg font-mono">
          {shownMark !== null
            ? shownMark
            : bucket
              ? `${formatLogTime(bucket.start, false).slice(5, 16)} · ${(describeBucket ?? ((b) => describeCounts(b.counts)))(bucket)}`
              : (summary ?? formatEntryCount(total))}
        </output>
      </figcaption>
      <div className="relative">
        <div
          ref={boxRef}
          className={cn('w-full min-w-0', onZoom && 'cursor-crosshair', className)}
          role="img"
          aria-label={`${label}: ${summary ?? formatEntryCount(total)} in ${volume.buckets.length} buckets`}
          data-testid="log-volume-chart"
        />
        <ChartMarkPins pins={pins} onShow={setShownMark} />
      </div>
    </figure>
  );
}

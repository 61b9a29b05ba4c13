// Where a volume chart will be while its counts or its code load: its frame, its caption's line
// and a pulse as tall as its plot, so what is under it does not move when the chart comes (a
// click aimed at the first log line landed on the hint above it). Static: the chart is lazy.
export function VolumeChartPlaceholder({ plotClass }: { plotClass: string }) {
  return (
    <div className="border-border rounded-lg border px-2 pt-1" aria-hidden="true">
      <div className="min-h-5" />
      <div className={`${plotClass} bg-subtle animate-pulse rounded`} />
    </div>
  );
}

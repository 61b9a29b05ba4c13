/**
 * The alerts of the app on the log viewer's volume chart (issue 41): each firing and each
 * resolution of an alert of this app, as a labelled mark at its window's end. Pure.
 */
import type { AlertEvent } from '../../../contract/schemas/alert';
import type { ChartMark } from '../../components/volume-chart/volume-chart';

const STATE_WORDS: Record<AlertEvent['to'], string> = {
  ok: 'ok',
  firing: 'firing',
  no_data: 'no data',
};

/** What a mark says: the alert's name, the state it went to and the count that took it there. */
export function alertMarkLabel(name: string, event: AlertEvent): string {
  const entries = event.count === 1 ? '1 entry' : `${String(event.count)} entries`;
  const partial = event.counted_since === undefined ? '' : ' (partial count)';
  return `${name}: ${STATE_WORDS[event.to]}, ${entries}${partial}`;
}

/**
 * The marks of `alerts` (each with its events, newest first as the API lists them) inside
 * [since, before] (epoch seconds): into firing is `fired`, out of firing `resolved`; other changes
 * (ok ↔ no data) are not drawn. Ascending by time.
 */
export function alertMarks(
  alerts: readonly { name: string; events: readonly AlertEvent[] }[],
  since: number,
  before: number,
): ChartMark[] {
  const marks: ChartMark[] = [];
  for (const alert of alerts) {
    for (const event of alert.events) {
      if (event.window_end < since || event.window_end > before) continue;
      const kind = event.to === 'firing' ? 'fired' : event.from === 'firing' ? 'resolved' : null;
      if (kind === null) continue;
      marks.push({ at: event.window_end, kind, label: alertMarkLabel(alert.name, event) });
    }
  }
  return marks.sort((a, b) => a.at - b.at);
}

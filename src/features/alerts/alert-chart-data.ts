/**
 * What the volume chart draws for an alert (issue 41). Pure. A simulation's windows become
 * bars (one per evaluation moment, as tall as the window's count) with the threshold and the
 * moments it would have fired and resolved; an alert's events become marks on its app's volume.
 */
import type { AlertEvent, AlertRuleInput, AlertSimulation } from '../../../contract/schemas/alert';
import type { LogVolume, LogVolumeQuery } from '../../../contract/schemas/app-log-volume';
import type { ChartMark } from '../../components/volume-chart/volume-chart';

const NO_COUNTS = { debug: 0, info: 0, warn: 0, error: 0, fatal: 0, unknown: 0 };

/** The windows as bars: each covers the `every_minutes` before its moment. */
export function simulationVolume(
  simulation: AlertSimulation,
  rule: Pick<AlertRuleInput, 'level' | 'every_minutes'>,
): LogVolume {
  const step = rule.every_minutes * 60;
  // Coloured as the rule's level (a count of every level is drawn as info).
  const level = rule.level ?? 'info';
  return {
    since: simulation.since,
    before: simulation.before,
    bucket_seconds: step,
    buckets: simulation.windows.map((window) => ({
      start: window.end - step,
      counts: { ...NO_COUNTS, [level]: window.count },
    })),
  };
}

/** Where it would have fired (`fired`), and the first OK window after each (resolved). */
export function simulationMarks(simulation: AlertSimulation): ChartMark[] {
  const fired = new Set(simulation.fired);
  const marks: ChartMark[] = [];
  let alerting = false;
  for (const window of simulation.windows) {
    if (fired.has(window.end)) {
      marks.push({ at: window.end, kind: 'fired' });
      alerting = true;
    } else if (alerting && window.state === 'ok') {
      marks.push({ at: window.end, kind: 'resolved' });
      alerting = false;
    }
  }
  return marks;
}

/** An alert's recorded changes as marks: into firing, and out of it. */
export function eventMarks(events: readonly AlertEvent[]): ChartMark[] {
  const marks: ChartMark[] = [];
  for (const event of events) {
    if (event.to === 'firing') marks.push({ at: event.window_end, kind: 'fired' });
    else if (event.from === 'firing') marks.push({ at: event.window_end, kind: 'resolved' });
  }
  return marks.sort((a, b) => a.at - b.at);
}

export const HISTORY_HOURS = 24;
const HISTORY_BUCKETS = 144;

/** The alert's query over the last day, for its app's volume chart (ending on this minute). */
export function historyVolumeQuery(
  rule: Pick<AlertRuleInput, 'level' | 'job' | 'job_match' | 'q' | 'where' | 'where_not'>,
  nowSeconds: number,
): LogVolumeQuery {
  const before = Math.ceil(nowSeconds / 60) * 60;
  const query: LogVolumeQuery = {
    since: before - HISTORY_HOURS * 3600,
    before,
    buckets: HISTORY_BUCKETS,
  };
  if (rule.level) query.level = rule.level;
  if (rule.job) query.job = rule.job;
  if (rule.job && rule.job_match && rule.job_match !== 'exact') query.job_match = rule.job_match;
  if (rule.q) query.q = rule.q;
  if (rule.where?.length) query.where = rule.where;
  if (rule.where_not?.length) query.where_not = rule.where_not;
  return query;
}

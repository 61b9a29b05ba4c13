/**
 * What a notification of an alert carries (issue 41, decision 074), built once when the state
 * changes and kept in the outbox row, so a retry or a successor sends the same message: the
 * count, the threshold, the window, the five newest matching lines of the window (each cut to
 * 512 characters) and a link to the log viewer on the alert's query and that window. The
 * webhook's JSON is this object; the e-mail renders it with the site's `log-alert` template.
 */
import type { AlertRule, AlertStateName } from '../../../../contract/schemas/alert';
import { LOG_LEVELS } from '../../../../contract/schemas/app-log';
import type { Db } from '../../../database/schema';
import { queryLogHeads, type ValueHead } from '../../../logs';
import { filterOf } from '../alert-counts';

export const ALERT_MESSAGE_LINES = 5;
export const ALERT_LINE_MAX_CHARACTERS = 512;
const US_PER_MS = 1000;
const US_PER_SECOND = 1_000_000;
/**
 * The characters of an entry's `data` JSON text read for its line (issue 42: not its whole value,
 * up to 1 MiB). A character of a string takes at most 6 in its JSON text (`\u0001`; JSON.stringify
 * escapes nothing longer, and leaves pairs of surrogates as they are), so 6 × 513 and a cut escape
 * hold the 513 characters that tell a line longer than 512 and its first 511.
 */
export const LINE_DATA_CHARACTERS = 6 * (ALERT_LINE_MAX_CHARACTERS + 1) + 6;

export interface AlertLine {
  /** ISO time of the entry. */
  time: string;
  level: string;
  text: string;
}

/** The webhook's body, and the e-mail template's `alert`. */
export interface AlertMessage {
  type: 'alert.firing' | 'alert.resolved';
  /** `firing` when the alert now alerts (firing, or no data with `no_data: "alert"`), else `resolved`. */
  state: 'firing' | 'resolved';
  from: AlertStateName | null;
  to: AlertStateName;
  id: number;
  site: string;
  name: string;
  app: string;
  op: AlertRule['condition']['op'];
  threshold: number;
  window_minutes: number;
  count: number;
  /** ISO times of the window [start, end). */
  window_start: string;
  window_end: string;
  /** ISO time from which `count` was counted, when it is partial (decision 087). */
  counted_since?: string;
  lines: AlertLine[];
  url: string;
}

/** `text` cut to `max` characters (code points, so no half character is left). */
export function cutLine(text: string, max = ALERT_LINE_MAX_CHARACTERS): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/**
 * An entry's line from the head of its `data`: a string as itself, anything else as its JSON text
 * (what the service stores, JSON.stringify's), cut to ALERT_LINE_MAX_CHARACTERS.
 */
function lineOf(head: ValueHead): AlertLine {
  let message: string;
  if (head.whole) {
    const data = JSON.parse(head.data) as unknown;
    message = typeof data === 'string' ? data : JSON.stringify(data);
  } else message = head.data.startsWith('"') ? stringHead(head.data) : head.data;
  return {
    // As the entry's `time` (seconds) read back: the line's time is the page's.
    time: new Date((head.timeUs / US_PER_SECOND) * 1000).toISOString(),
    level: LOG_LEVELS[head.level] ?? 'unknown',
    text: cutLine(message),
  };
}

/** The characters a cut JSON string text holds: up to its last whole escape. */
function stringHead(text: string): string {
  // A cut escape (`\`, `\u00`) is at most 5 characters long: each end is tried once.
  for (let end = text.length; end > text.length - 6 && end > 1; end -= 1) {
    try {
      return JSON.parse(`${text.slice(0, end)}"`) as string;
    } catch {
      // The text ends inside an escape: one character less.
    }
  }
  return '';
}

/** The five newest entries of the window that the rule's query matches, newest first. */
export async function newestLines(
  db: Db,
  appId: number,
  rule: AlertRule,
  startMs: number,
  endMs: number,
  timeBudgetMs: number | undefined,
): Promise<AlertLine[]> {
  const { buckets: _buckets, sinceUs: _sinceUs, ...filter } = filterOf(rule, startMs, endMs);
  const heads = await queryLogHeads(
    db,
    appId,
    { ...filter, beforeUs: endMs * US_PER_MS, limit: ALERT_MESSAGE_LINES },
    LINE_DATA_CHARACTERS,
    timeBudgetMs === undefined ? {} : { timeBudgetMs },
  );
  return heads.filter((head) => head.timeUs >= startMs * US_PER_MS).map(lineOf);
}

/**
 * The dashboard's log viewer (`/s/$site/apps/$key/logs`, src/features/logs/search-params.ts) on
 * the rule's query and the window, as a custom range (epoch seconds). The address names the
 * alert's site (decision 051): without it the link would open on whatever site the reader's
 * browser last used, and an app key of that site. Lists are JSON text, as the
 * dashboard's router writes them; every value is percent-encoded (no `+` for a space).
 */
export function logViewerUrl(
  publicUrl: string,
  siteId: string,
  rule: AlertRule,
  startMs: number,
  endMs: number,
): string {
  const params: [string, string][] = [];
  if (rule.level !== undefined) params.push(['level', rule.level]);
  if (rule.job !== undefined) params.push(['job', rule.job]);
  if (rule.job_match !== undefined) params.push(['job_match', rule.job_match]);
  if (rule.q !== undefined && rule.q !== '') params.push(['q', rule.q]);
  if ((rule.where ?? []).length > 0) params.push(['where', JSON.stringify(rule.where)]);
  if ((rule.where_not ?? []).length > 0) params.push(['where_not', JSON.stringify(rule.where_not)]);
  params.push(
    ['range', 'custom'],
    ['since', String(startMs / 1000)],
    ['before', String(endMs / 1000)],
  );
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/s/${encodeURIComponent(siteId)}/apps/${encodeURIComponent(rule.app)}/logs?${query}`;
}

/**
 * An ingested entry → its `app_logs` row: the JSON texts it stores, its level rank and job, and
 * the lower-cased text `q` is matched against. Both engines' appends and ingestion use it.
 */
import { logLevelRank, type LogIngestBody } from '../../../contract/schemas/app-log';
import type { NewLogRow, PendingLogRow } from './app-logs-table';

export type LogIngestEntry = LogIngestBody['logs'][number];

/**
 * The text `q` is matched against: data (the string itself, or its JSON) and context's JSON,
 * lower-cased. Takes the JSON texts the row stores, so nothing is stringified twice.
 */
function searchText(data: unknown, dataJson: string, contextJson: string | null): string {
  const text = `${typeof data === 'string' ? data : dataJson}\n${contextJson ?? ''}`.toLowerCase();
  // PostgreSQL text cannot hold NUL. `q` refuses control characters, so writing NUL as another
  // one (U+0001) changes no match, on either engine.
  return text.includes('\u0000') ? text.replaceAll('\u0000', '\u0001') : text;
}

function jobName(context: Record<string, unknown> | null | undefined): string | null {
  const job = context?.job;
  if (job === null || typeof job !== 'object') return null;
  const name = (job as Record<string, unknown>).name;
  return typeof name === 'string' ? name : null;
}

/** The last millisecond formatted: a batch's times are microseconds apart, so mostly one. */
let lastIsoMs = NaN;
let lastIso = '';

export function isoFromUs(us: number): string {
  const ms = Math.floor(us / 1000);
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

/** An ingested entry → its row, but for the commit time (decided under the app's lock). */
export function pendingRow(appId: number, entry: LogIngestEntry): PendingLogRow {
  const data = JSON.stringify(entry.data);
  const context = entry.context ? JSON.stringify(entry.context) : null;
  return {
    app_id: appId,
    level: logLevelRank(entry.level),
    job: jobName(entry.context),
    data,
    context,
    created_at: entry.created_at ? new Date(entry.created_at).toISOString() : null,
    search: searchText(entry.data, data, context),
  };
}

/**
 * A pending row committed at `timeUs`; `created_at` defaults to that time. Property by property,
 * not `{ ...row }`: a spread followed by more properties is V8's slow object clone, and this runs
 * for every ingested entry (decision 036).
 */
export function placedRow(row: PendingLogRow, timeUs: number): NewLogRow {
  return {
    app_id: row.app_id,
    time_us: timeUs,
    level: row.level,
    job: row.job,
    data: row.data,
    context: row.context,
    created_at: row.created_at ?? isoFromUs(timeUs),
    search: row.search,
  };
}

/** An ingested entry → its row, committed at `timeUs` (the bench fills tables with this too). */
export function toLogRow(appId: number, entry: LogIngestEntry, timeUs: number): NewLogRow {
  return placedRow(pendingRow(appId, entry), timeUs);
}

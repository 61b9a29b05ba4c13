/**
 * The query of `GET /apps/{app_id}/logs`: the raw query string → the store's LogFilter. Every
 * bad parameter is a 400 naming it. Pure (no database), so the route, the store's tests and the
 * benchmarks share one reading of the rules:
 * - `since` (inclusive) and `before` (exclusive): float epoch seconds or ISO 8601 (no offset
 *   means UTC; years 0000-9999). Kept as integer microseconds: `sinceUs` is the smallest µs
 *   value `u` with `u / 1e6 >= since`, so comparing stored µs is exactly comparing the float
 *   `time`. A bound beyond ±MAX_ABS_SECONDS (years 1716-2223), where no entry can be, is read as
 *   that limit, which selects the same entries and keeps µs a safe integer.
 * - `level`: minimum severity, any case (`warning` is accepted for `warn`).
 * - `limit`: default 100, clamped to 1..200; a non-number is a 400.
 * - `q`: case-insensitive; every bare word and every "quoted phrase" must occur; `level:NAME`
 *   keeps only that exact level, `level>=NAME` that level and worse (the rule of `level`). Without
 *   `since` it searches only the 24 h before `before`/now.
 *   Bounded: at most LOG_SEARCH_MAX_LENGTH characters and LOG_SEARCH_MAX_TERMS different terms
 *   (repeats are dropped), no control characters but tab, CR and LF (which separate words).
 * An empty parameter (`?level=`) counts as absent.
 */
import {
  LOG_LEVELS,
  LOG_LIMIT_DEFAULT,
  LOG_LIMIT_MAX,
  LOG_SEARCH_MAX_LENGTH,
  LOG_SEARCH_MAX_TERMS,
  LOG_WAIT_MAX_SECONDS,
  logLevelNamed,
  logLevelOperator,
  logLevelRank,
} from '../../../contract/schemas/app-log';
import { LOG_JOB_MATCHES, logJobMatchSchema } from '../../../contract/schemas/app-log-find';
import { hasNoNul, NUL_MESSAGE } from '../../../contract/schemas/common';
import { badRequest } from '../../http/errors';
import {
  LOG_VOLUME_BUCKETS_DEFAULT,
  LOG_VOLUME_BUCKETS_MAX,
} from '../../../contract/schemas/app-log-volume';
import {
  lowerBoundUs,
  SEARCH_WINDOW_US,
  type LogFilter,
  type LogSearch,
} from '../store/app-logs-filter';
import type { LogVolumeFilter } from '../store/app-logs-volume';
import { parseFieldConditions, type FieldParameter } from './log-field-params';

/** The raw query: what Fastify's query-string parser produces. */
export type RawLogQuery = Partial<
  Record<
    | 'since'
    | 'before'
    | 'level'
    | 'q'
    | 'job'
    | 'job_match'
    | 'limit'
    | 'wait'
    | 'buckets'
    | FieldParameter,
    unknown
  >
>;

// Far enough for any log (years 1716-2223) while `µs` stays a safe integer.
const MAX_ABS_SECONDS = 8_000_000_000;
const MAX_ABS_US = MAX_ABS_SECONDS * 1_000_000;

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const NUMBER_PATTERN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Epoch ms of a UTC calendar time. Not `Date.UTC`, which reads years 0-99 as 1900-1999;
 * `setUTCFullYear` takes the year as it is.
 */
function utcMs(year: number, monthIndex: number, day: number, h = 0, mi = 0, s = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(h, mi, s, 0);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(utcMs(year, month, 0)).getUTCDate();
}

/** ISO 8601 → µs (rounded up, so a lower bound never admits an earlier entry), or null. */
export function parseIsoUs(text: string): number | null {
  const match = ISO_PATTERN.exec(text);
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
    if (oh > 23 || om > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (oh * 60 + om);
  }
  const ms = utcMs(year, month - 1, day, hour, minute, second) - offsetMinutes * 60_000;
  const micros = Number(fraction.slice(0, 6).padEnd(6, '0'));
  const roundUp = /[1-9]/.test(fraction.slice(6)) ? 1 : 0;
  return ms * 1000 + micros + roundUp;
}

function single(field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw badRequest(field, `"${field}" must be given once, as text`, {
      resource: 'log',
      value,
    });
  }
  return value === '' ? undefined : value;
}

function parseTimeBound(field: 'since' | 'before', value: unknown): number | undefined {
  const text = single(field, value)?.trim();
  if (text === undefined || text === '') return undefined;
  let us: number | null = null;
  if (NUMBER_PATTERN.test(text)) {
    const seconds = Number(text);
    if (Number.isFinite(seconds)) {
      us = lowerBoundUs(Math.min(MAX_ABS_SECONDS, Math.max(-MAX_ABS_SECONDS, seconds)));
    }
  } else {
    const iso = parseIsoUs(text);
    if (iso !== null) us = Math.min(MAX_ABS_US, Math.max(-MAX_ABS_US, iso));
  }
  if (us === null) {
    throw badRequest(
      field,
      `"${field}" must be a float epoch in seconds or an ISO 8601 date-time`,
      { resource: 'log', value: text },
    );
  }
  return us;
}

/** Level name (any case, `warning` for `warn`) → rank, or null. */
function levelRank(name: string): number | null {
  const level = logLevelNamed(name);
  return level === null ? null : logLevelRank(level);
}

function parseLevel(value: unknown): number | undefined {
  const text = single('level', value)?.trim();
  if (text === undefined || text === '') return undefined;
  const rank = levelRank(text);
  if (rank === null) {
    throw badRequest('level', `"level" must be one of ${LOG_LEVELS.join(', ')}`, {
      resource: 'log',
      value: text,
    });
  }
  return rank;
}

/** A whole number clamped to 1..max (`limit`, `buckets`); absent: the default; not a number: 400. */
function parseClampedCount(
  field: 'limit' | 'buckets',
  value: unknown,
  defaultCount: number,
  max: number,
): number {
  const text = single(field, value)?.trim();
  if (text === undefined || text === '') return defaultCount;
  const number = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(number)) {
    throw badRequest(field, `"${field}" must be a number from 1 to ${max}`, {
      resource: 'log',
      value: text,
    });
  }
  return Math.min(max, Math.max(1, Math.trunc(number)));
}

/**
 * `q` → terms and levels. Words are split on whitespace; `"..."` is one phrase (an unclosed
 * quote runs to the end); `level:NAME` (any case) is an exact level and `level>=NAME` a minimum
 * (several: the highest); an unknown NAME is a 400 rather than a search for the text "level...".
 */
export function parseSearch(q: string): LogSearch | undefined {
  checkSearchText(q);
  const terms = new Set<string>();
  const exactLevels: number[] = [];
  let minLevel: number | undefined;
  const tokenPattern = /"([^"]*)"?|(\S+)/g;
  for (const match of q.matchAll(tokenPattern)) {
    const phrase = match[1];
    const word = match[2];
    if (phrase !== undefined) {
      if (phrase.trim() !== '') terms.add(phrase.toLowerCase());
      continue;
    }
    if (word === undefined) continue;
    const levelToken = logLevelOperator(word);
    if (levelToken) {
      const rank = levelRank(levelToken.name);
      if (rank === null) {
        throw badRequest(
          'q',
          `"level${levelToken.operator}" in "q" must name one of ${LOG_LEVELS.join(', ')}`,
          { resource: 'log', value: q },
        );
      }
      if (levelToken.operator === ':') {
        if (!exactLevels.includes(rank)) exactLevels.push(rank);
      } else {
        minLevel = Math.max(minLevel ?? rank, rank);
      }
      continue;
    }
    terms.add(word.toLowerCase());
  }
  // Each term is one more substring test per row scanned (and SQLite has a limit on the
  // expression's size): the count is bounded, repeats are free.
  if (terms.size > LOG_SEARCH_MAX_TERMS) {
    throw badRequest(
      'q',
      `"q" may have at most ${LOG_SEARCH_MAX_TERMS} different words and phrases (it has ${terms.size})`,
      { resource: 'log', code: 'too_many_terms', value: terms.size },
    );
  }
  if (terms.size === 0 && exactLevels.length === 0 && minLevel === undefined) return undefined;
  const search: LogSearch = { terms: [...terms], exactLevels };
  if (minLevel !== undefined) search.minLevel = minLevel;
  return search;
}

// C0 controls but tab, LF and CR (whitespace that separates words), and DEL. FTS5 stops reading
// a string at NUL, and no one types the others into a search box.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function checkSearchText(q: string): void {
  if (q.length > LOG_SEARCH_MAX_LENGTH) {
    throw badRequest('q', `"q" may be at most ${LOG_SEARCH_MAX_LENGTH} characters long`, {
      resource: 'log',
      code: 'too_long',
      value: q.length,
    });
  }
  if (CONTROL_CHARACTER.test(q)) {
    throw badRequest('q', '"q" may not contain control characters', {
      resource: 'log',
      value: q,
    });
  }
}

function parseJob(value: unknown): string | undefined {
  const job = single('job', value);
  if (job !== undefined && !hasNoNul(job)) {
    throw badRequest('job', `"job": ${NUL_MESSAGE}`, { resource: 'log', value: job });
  }
  return job;
}

/**
 * `job_match` (decision 052): `exact` (default), `prefix` or `contains`; only with `job`, so a
 * mode is never silently ignored.
 */
function parseJobMatch(value: unknown, job: string | undefined): 'prefix' | 'contains' | undefined {
  const text = single('job_match', value)?.trim().toLowerCase();
  if (text === undefined || text === '') return undefined;
  const parsed = logJobMatchSchema.safeParse(text);
  if (!parsed.success) {
    throw badRequest('job_match', `"job_match" must be one of ${LOG_JOB_MATCHES.join(', ')}`, {
      resource: 'log',
      value: text,
    });
  }
  if (job === undefined) {
    throw badRequest('job_match', '"job_match" needs "job"', { resource: 'log', value: text });
  }
  return parsed.data === 'exact' ? undefined : parsed.data;
}

/** Raw query string values → LogFilter; throws a 400 HttpError naming the bad parameter. */
export function parseLogQuery(raw: RawLogQuery): LogFilter {
  const filter: LogFilter = {
    limit: parseClampedCount('limit', raw.limit, LOG_LIMIT_DEFAULT, LOG_LIMIT_MAX),
  };
  const sinceUs = parseTimeBound('since', raw.since);
  const beforeUs = parseTimeBound('before', raw.before);
  const minLevel = parseLevel(raw.level);
  const job = parseJob(raw.job);
  const jobMatch = parseJobMatch(raw.job_match, job);
  const q = single('q', raw.q);
  if (sinceUs !== undefined) filter.sinceUs = sinceUs;
  if (beforeUs !== undefined) filter.beforeUs = beforeUs;
  if (minLevel !== undefined) filter.minLevel = minLevel;
  if (job !== undefined) filter.job = job;
  if (jobMatch !== undefined) filter.jobMatch = jobMatch;
  const search = q === undefined ? undefined : parseSearch(q);
  if (search) filter.search = search;
  const fields = parseFieldConditions(raw);
  if (fields.length > 0) filter.fields = fields;
  return filter;
}

/**
 * `wait` (our extension, decision 013) → milliseconds, or 0 for no wait: a number of seconds
 * from 0 to LOG_WAIT_MAX_SECONDS, only with `since` (it waits for entries newer than it) and
 * without `before` (a bounded range has nothing to wait for).
 */
export function parseWaitMs(raw: RawLogQuery, filter: LogFilter): number {
  const text = single('wait', raw.wait)?.trim();
  if (text === undefined || text === '') return 0;
  const seconds = NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
  if (!(seconds >= 0 && seconds <= LOG_WAIT_MAX_SECONDS)) {
    throw badRequest(
      'wait',
      `"wait" must be a number of seconds from 0 to ${LOG_WAIT_MAX_SECONDS}`,
      {
        resource: 'log',
        value: text,
      },
    );
  }
  if (filter.sinceUs === undefined || filter.beforeUs !== undefined) {
    throw badRequest('wait', '"wait" needs "since" and cannot be used with "before"', {
      resource: 'log',
      value: text,
    });
  }
  return Math.round(seconds * 1000);
}

/**
 * The query of `GET /apps/{app_id}/logs/volume` (our extension): the log query's filters, read by
 * the same rules, over [since, before): `before` defaults to now and `since` to the 24 hours
 * before it (the window `q` searches without `since`); `buckets` is clamped to
 * 1..LOG_VOLUME_BUCKETS_MAX. A range that is empty (`since` at or after `before`) is a 400.
 */
export function parseVolumeQuery(raw: RawLogQuery, nowUs = Date.now() * 1000): LogVolumeFilter {
  const { limit: _limit, sinceUs, beforeUs = nowUs, ...filter } = parseLogQuery(raw);
  const since = sinceUs ?? beforeUs - SEARCH_WINDOW_US;
  if (since >= beforeUs) {
    throw badRequest('since', '"since" must be earlier than "before"', {
      resource: 'log',
      value: single('since', raw.since) ?? null,
    });
  }
  const buckets = parseClampedCount(
    'buckets',
    raw.buckets,
    LOG_VOLUME_BUCKETS_DEFAULT,
    LOG_VOLUME_BUCKETS_MAX,
  );
  return { ...filter, sinceUs: since, beforeUs, buckets };
}

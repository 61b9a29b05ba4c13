import type { AppLogEntry } from '../../../contract/schemas/app-log';

/** One `key=value` pair of a line: `text` is what the row shows, `full` the whole value. */
export interface LogField {
  key: string;
  text: string;
  full: string;
  /** The value as the search finds it in the stored JSON, for a one-click filter; null: none. */
  searchText: string | null;
}

/** A line as it reads: the message first, then the other fields of `data`. */
export interface LogLine {
  message: string;
  fields: LogField[];
}

/** Values longer than this are cut in the line; the whole value is in its title and the details. */
export const FIELD_TEXT_MAX = 60;
/** A one-click filter searches for at most this much of a value (`q` has a length bound). */
export const FIELD_SEARCH_MAX = 100;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function cut(text: string): string {
  return text.length > FIELD_TEXT_MAX ? `${text.slice(0, FIELD_TEXT_MAX - 1)}…` : text;
}

/**
 * The text a filter on this value searches for: the value as the stored JSON of `data` spells it
 * (a string without its quotes, with JSON's escapes), so the phrase is a substring of every entry
 * that has it. Objects, arrays and values with a `"` have no phrase a search can hold.
 */
function searchTextOf(value: unknown): string | null {
  if (isObject(value) || Array.isArray(value)) return null;
  const json = JSON.stringify(value);
  const text = typeof value === 'string' ? json.slice(1, -1) : json;
  if (text.includes('"') || text.trim() === '') return null;
  return text.slice(0, FIELD_SEARCH_MAX);
}

function field(key: string, value: unknown): LogField {
  const full = typeof value === 'string' ? value : JSON.stringify(value);
  return { key, text: cut(full), full, searchText: searchTextOf(value) };
}

/**
 * Where the message of object data is, in the order producers put it: `message`, `msg`, then
 * `error.message`. Returns the message and the fields left once it is taken out.
 */
function splitMessage(data: JsonObject): { message: string; rest: [string, unknown][] } {
  const entries = Object.entries(data);
  for (const key of ['message', 'msg']) {
    const value = data[key];
    if (nonEmptyString(value)) {
      return { message: value, rest: entries.filter(([name]) => name !== key) };
    }
  }
  const error = data['error'];
  if (isObject(error) && nonEmptyString(error['message'])) {
    const { message, ...errorRest } = error;
    const rest = entries.flatMap(([name, value]): [string, unknown][] => {
      if (name !== 'error') return [[name, value]];
      // The error's other parts (name, code, stack) stay, under `error.`.
      return Object.entries(errorRest).map(([inner, innerValue]) => [`error.${inner}`, innerValue]);
    });
    return { message, rest };
  }
  return { message: '', rest: entries };
}

const lineCache = new WeakMap<object, LogLine>();

/**
 * The line of an entry. String data is the message itself; object data leads with its message
 * and shows every other top-level field as `key=value`. Cached per `data` object: it runs for
 * every visible row on every update.
 */
export function logLine(entry: Pick<AppLogEntry, 'data'>): LogLine {
  const { data } = entry;
  if (typeof data === 'string') return { message: data, fields: [] };
  let line = lineCache.get(data);
  if (line === undefined) {
    const { message, rest } = splitMessage(data);
    line = { message, fields: rest.map(([key, value]) => field(key, value)) };
    lineCache.set(data, line);
  }
  return line;
}

/**
 * `q` with one more quoted phrase (a one-click filter). A phrase already there is not added
 * twice; the phrase never holds a `"` (see searchTextOf), so it cannot end the quote early.
 */
export function addSearchPhrase(q: string | undefined, phrase: string): string {
  const quoted = `"${phrase}"`;
  const current = q?.trim() ?? '';
  if (current.includes(quoted)) return current;
  return current === '' ? quoted : `${current} ${quoted}`;
}

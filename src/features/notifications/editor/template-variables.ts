import { Liquid } from 'liquidjs';
import { formatPath, hasPath, type PathSegment as Segment } from '../../../../contract/sample-path';

const analyzer = new Liquid({ cache: false });
/**
 * A snippet (`{% render %}`, issue 38) has its own scope: its variables are not the template's,
 * and following it would make liquidjs's browser build fetch it from the dashboard's server.
 */
const NO_PARTIALS = { partials: false };

// Static analysis costs tens of milliseconds on a 20 kB template; the fields the admin is not
// typing in are answered from here.
const analysisCache = new Map<string, Segment[][]>();
const ANALYSIS_CACHE_SIZE = 8;

function segmentsUsedBy(source: string): Segment[][] {
  const cached = analysisCache.get(source);
  if (cached) return cached;
  let segments: Segment[][];
  try {
    segments = analyzer.globalVariableSegmentsSync(
      analyzer.parse(source),
      NO_PARTIALS,
    ) as Segment[][];
  } catch {
    // A template that does not parse uses nothing we can name; its error is shown elsewhere.
    segments = [];
  }
  analysisCache.set(source, segments);
  if (analysisCache.size > ANALYSIS_CACHE_SIZE) {
    analysisCache.delete(analysisCache.keys().next().value as string);
  }
  return segments;
}

export interface UsedVariable {
  path: string;
  segments: Segment[];
}

/**
 * Variables the templates read from the outside (not those they `assign` or loop over),
 * with their property paths, deduplicated and sorted.
 */
export function usedVariables(sources: readonly string[]): UsedVariable[] {
  const byPath = new Map<string, UsedVariable>();
  for (const source of sources) {
    for (const segments of segmentsUsedBy(source)) {
      const path = formatPath(segments);
      if (!byPath.has(path)) byPath.set(path, { path, segments });
    }
  }
  return [...byPath.values()].sort((a, b) => a.path.localeCompare(b.path));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Used variables the sample cannot answer: they would print as nothing in this preview. */
export function missingVariables(used: readonly UsedVariable[], data: unknown): string[] {
  return used.filter(({ segments }) => !hasPath(data, segments)).map(({ path }) => path);
}

export interface OfferedVariable {
  path: string;
  /** A list is inserted as a `for` loop over its items; anything else as `{{ path }}`. */
  kind: 'value' | 'list';
  /** For lists: the fields of the first item, to use inside the loop. */
  itemFields?: string[];
}

/** What a sample offers: every leaf path, and each list once with the fields of its items. */
export function offeredVariables(data: unknown, prefix: Segment[] = []): OfferedVariable[] {
  if (!isRecord(data)) return [];
  const offered: OfferedVariable[] = [];
  for (const [key, value] of Object.entries(data)) {
    const segments = [...prefix, key];
    if (Array.isArray(value)) {
      const first: unknown = value.find(isRecord);
      offered.push({
        path: formatPath(segments),
        kind: 'list',
        itemFields: isRecord(first) ? Object.keys(first) : [],
      });
    } else if (isRecord(value)) {
      offered.push(...offeredVariables(value, segments));
    } else {
      offered.push({ path: formatPath(segments), kind: 'value' });
    }
  }
  return offered;
}

/** `order.lines` → `line`: the loop variable an admin would name. */
export function itemNameFor(listPath: string): string {
  const last = listPath.split('.').at(-1) ?? 'item';
  if (last.endsWith('ies')) return `${last.slice(0, -3)}y`;
  if (last.endsWith('s') && last.length > 1) return last.slice(0, -1);
  return 'item';
}

/** The text a click in the variables panel inserts at the cursor. */
export function snippetFor(variable: OfferedVariable): string {
  if (variable.kind === 'value') return `{{ ${variable.path} }}`;
  const item = itemNameFor(variable.path);
  const field = variable.itemFields?.[0];
  return `{% for ${item} in ${variable.path} %}{{ ${field ? `${item}.${field}` : item} }}{% endfor %}`;
}

import { Liquid } from 'liquidjs';
import { formatPath, hasPath } from '../../../../contract/sample-path';

const analyzer = new Liquid({ cache: false });
/**
 * A snippet (`{% render %}`, issue 38) has its own scope: its variables are not the template's,
 * and following it would make liquidjs's browser build fetch it from the dashboard's server.
 */
const NO_PARTIALS = { partials: false };

/** A variable the template reads that no sample knows: it would print as nothing in every mail. */
export interface UnknownVariable {
  path: string;
  /** Where the reference starts and ends in the source, for a diagnostic or a chip. */
  from: number;
  to: number;
}

type Globals = ReturnType<typeof analyzer.analyzeSync>['globals'];

// The analysis of a 20 kB template costs tens of milliseconds; a changed sample or another
// field's edit asks again about the same sources.
const analysisCache = new Map<string, Globals | null>();
const ANALYSIS_CACHE_SIZE = 8;

function globalsOf(source: string): Globals | null {
  const cached = analysisCache.get(source);
  if (cached !== undefined) return cached;
  let globals: Globals | null;
  try {
    globals = analyzer.analyzeSync(analyzer.parse(source), NO_PARTIALS).globals;
  } catch {
    globals = null;
  }
  analysisCache.set(source, globals);
  const oldest = analysisCache.keys().next();
  if (analysisCache.size > ANALYSIS_CACHE_SIZE && !oldest.done) analysisCache.delete(oldest.value);
  return globals;
}

function lineStarts(source: string): number[] {
  const starts = [0];
  for (let index = source.indexOf('\n'); index !== -1; index = source.indexOf('\n', index + 1)) {
    starts.push(index + 1);
  }
  return starts;
}

/**
 * References in `source` to outside variables that none of `known` (the variables list and the
 * selected sample) has. Loop variables, `assign`, `capture` and `forloop` are the template's
 * own (liquidjs reports them as locals, not globals), so they are never unknown. A source that
 * does not parse reports nothing: its syntax error is shown instead.
 */
export function unknownVariables(source: string, known: readonly unknown[]): UnknownVariable[] {
  const globals = globalsOf(source);
  if (!globals) return [];
  const starts = lineStarts(source);
  const unknown: UnknownVariable[] = [];
  for (const references of Object.values(globals)) {
    for (const reference of references) {
      // Segments can themselves be variables (`a[b]`); only literal paths can be looked up.
      const segments = reference.segments.filter(
        (segment): segment is string | number => typeof segment !== 'object',
      );
      if (segments.length !== reference.segments.length) continue;
      if (known.some((data) => hasPath(data, segments))) continue;
      const { row, col } = reference.location;
      const from = Math.min((starts[row - 1] ?? 0) + col - 1, source.length);
      const path = formatPath(segments);
      unknown.push({ path, from, to: Math.min(from + path.length, source.length) });
    }
  }
  return unknown.sort((a, b) => a.from - b.from);
}

/** Each unknown path once, in the order it first appears. */
export function unknownPaths(unknown: readonly UnknownVariable[]): string[] {
  return [...new Set(unknown.map(({ path }) => path))];
}

/**
 * A plain walk step's statement (a page without `q`, job pattern or field conditions; decision
 * 040), compiled by Kysely once per shape and engine, not once per page: building and compiling
 * it was about 4 % of a page's CPU (issue 43, decision 094). A shape is which of the step's parts
 * are there (the range's two ends, a level, a job) and the order; the values are bound in the
 * order `selectLogs` (app-logs-read.ts) puts its placeholders, which the first compile of each
 * shape checks against Kysely's own parameters. Every step selects a page's walk's sized columns
 * (app-logs-sized-rows.ts: every read of a page, a tail, a search or an alert's lines is sized
 * since issue 42), so the select list is not part of the shape.
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { engineOf } from '../../database/engine';
import type { Database } from '../../database/schema';
import type { LogFilter } from './app-logs-filter';
import type { SizedLogRow } from './app-logs-sized-rows';

/** One plain step: the app, its range, and the level it reads (undefined: the filter's). */
export interface PlainWalkStep {
  appId: number;
  filter: LogFilter;
  level: number | undefined;
  lowUs: number | undefined;
  highUs: number | undefined;
}

/** Each shape's SQL text, by engine and shape (at most 2 × 4 × 3 × 2 × 2 of them). */
const texts = new Map<string, string>();

/** The level the step's statement compares: its own (`=`), or the filter's minimum (`>=`). */
function levelOf(step: PlainWalkStep): number | undefined {
  return step.level ?? step.filter.minLevel;
}

function shapeOf(engine: string, step: PlainWalkStep): string {
  const levelKind = step.level !== undefined ? '=' : step.filter.minLevel !== undefined ? '>' : '';
  return [
    engine,
    step.lowUs === undefined ? '' : 'low',
    step.highUs === undefined ? '' : 'high',
    levelKind,
    step.filter.job === undefined ? '' : 'job',
    step.filter.sinceUs === undefined ? 'desc' : 'asc',
  ].join('|');
}

/** The step's values in `selectLogs`' placeholder order: app, range, level, job, limit. */
function valuesOf(step: PlainWalkStep): unknown[] {
  const values: unknown[] = [step.appId];
  if (step.lowUs !== undefined) values.push(step.lowUs);
  if (step.highUs !== undefined) values.push(step.highUs);
  const level = levelOf(step);
  if (level !== undefined) values.push(level);
  if (step.filter.job !== undefined) values.push(step.filter.job);
  values.push(step.filter.limit);
  return values;
}

/**
 * The step's statement: `build` (Kysely's sized `selectLogs` for it) compiled on the shape's first use,
 * its text reused with the step's values after that.
 */
export function plainWalkStepQuery(
  db: Kysely<Database>,
  step: PlainWalkStep,
  build: () => CompiledQuery<SizedLogRow>,
): CompiledQuery<SizedLogRow> {
  const shape = shapeOf(engineOf(db), step);
  const values = valuesOf(step);
  let text = texts.get(shape);
  if (text === undefined) {
    const compiled = build();
    const same =
      compiled.parameters.length === values.length &&
      compiled.parameters.every((value, index) => value === values[index]);
    if (!same) {
      throw new Error(
        `The walk step ${shape} binds ${JSON.stringify(compiled.parameters)}, not ${JSON.stringify(values)}`,
      );
    }
    text = compiled.sql;
    texts.set(shape, text);
  }
  return CompiledQuery.raw(text, values);
}

/**
 * Queries the hot paths run on every request or batch with only their values changing (the page
 * cache's bounds, the ingestion quota's count): Kysely builds and compiles a query anew each
 * time, which cost more than SQLite took to run such a one-row read (issue 43). Here a query is
 * built once per engine with placeholder values, its SQL text kept, and each run binds its own
 * values in the same order (on SQLite on the connection's prepared statement, decision 094).
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { engineOf } from './engine';
import type { Database } from './schema';
import { onSqliteConnection } from './sqlite-connection';

const texts = new Map<string, string>();

/**
 * Rows of the query `build` makes, compiled once per `name` and engine, run with `values` bound
 * in the order `build` used its placeholders (checked by count when it is compiled).
 */
export async function runCompiledOnce<Row>(
  db: Kysely<Database>,
  name: string,
  build: (db: Kysely<Database>) => Compilable<Row>,
  values: readonly unknown[],
): Promise<Row[]> {
  const key = `${engineOf(db)}:${name}`;
  let text = texts.get(key);
  if (text === undefined) {
    const compiled = build(db).compile();
    if (compiled.parameters.length !== values.length) {
      throw new Error(
        `${name}: ${String(compiled.parameters.length)} placeholders, not ${String(values.length)}`,
      );
    }
    text = compiled.sql;
    texts.set(key, text);
  }
  if (engineOf(db) === 'sqlite') {
    // The connection's prepared statement, without the driver's frozen copy (decision 094).
    const sqliteText = text;
    return onSqliteConnection(db, (prepare) => prepare(sqliteText).all(values) as Row[]);
  }
  const result = await db.executeQuery<Row>(CompiledQuery.raw(text, [...values]));
  return result.rows;
}

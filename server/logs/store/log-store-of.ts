/**
 * Picks the log store (log-store.ts) of the engine a database (or any of its transactions) runs
 * on. Apart from the interface, so that the engines import the interface and not each other.
 */
import type { Kysely } from 'kysely';
import { postgresLogStore } from './app-logs-postgres';
import { sqliteLogStore } from './app-logs-sqlite';
import { engineOf } from '../../database/engine';
import type { LogStore } from './log-store';
import type { Database } from '../../database/schema';

/** The log store of the engine `db` (or the transaction) runs on. */
export function logStoreOf(db: Kysely<Database>): LogStore {
  return engineOf(db) === 'sqlite' ? sqliteLogStore : postgresLogStore;
}

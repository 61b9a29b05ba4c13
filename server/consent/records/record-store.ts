/**
 * Consent records (migration 022): stored in batches by the writer (record-writer.ts), read by
 * the routes with filters and `before`/`limit` paging, walked in id order for the export, erased
 * per visitor and pruned in bounded steps. Rows become the API's ConsentRecord here only.
 */
import { CompiledQuery, sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type {
  ConsentOutcome,
  ConsentRecord,
  ConsentRecordDay,
  ConsentRecordFilter,
  ConsentRecordQuery,
} from '../../../contract/schemas/consent-record';
import { engineOf } from '../../database/engine';
import { jsonText, parseJson } from '../../database/encoding';
import type { ConsentRecordsTable, Database } from '../../database/schema';

type RecordRow = Selectable<ConsentRecordsTable>;

/** A record as the writer stores it. */
export interface NewConsentRecord {
  siteId: string;
  consentId: string;
  createdAt: string;
  choices: Record<string, boolean>;
  configVersion: number;
  configEtag: string;
  locale: string;
  page: string | null;
  userAgent: string | null;
  ipHash: string;
}

/** Binds a record's columns in the order of insertSql's placeholder row (no row object per record). */
function bindRecord(parameters: unknown[], record: NewConsentRecord): void {
  const names = Object.keys(record.choices);
  let accepted = 0;
  for (const name of names) if (record.choices[name]) accepted += 1;
  parameters.push(
    record.siteId,
    record.consentId,
    record.createdAt,
    jsonText(record.choices),
    `|${names.join('|')}|`,
    accepted,
    names.length,
    record.configVersion,
    record.configEtag,
    record.locale,
    record.page,
    record.userAgent,
    record.ipHash,
  );
}

/** Rows per INSERT statement (SQLite's 32,766 bound parameters / 13 columns, with room). */
const ROWS_PER_INSERT = 500;

/** The INSERT's SQL by engine and row count, compiled by Kysely once, not once per batch. */
const insertSqlByShape = new Map<string, string>();

function insertSql(db: Kysely<Database>, rows: number): string {
  const shape = `${engineOf(db)}:${String(rows)}`;
  let text = insertSqlByShape.get(shape);
  if (text === undefined) {
    // Kysely binds each row's values in the order of these keys: bindRecord's order.
    const placeholder = {
      site_id: '',
      consent_id: '',
      created_at: '',
      choices: '',
      applications: '',
      accepted: 0,
      offered: 0,
      config_version: 0,
      config_etag: '',
      locale: '',
      page: null,
      user_agent: null,
      ip_hash: '',
    };
    text = db
      .insertInto('consent_records')
      .values(Array.from({ length: rows }, () => placeholder))
      .compile().sql;
    // At most ROWS_PER_INSERT shapes per engine (a batch's size).
    insertSqlByShape.set(shape, text);
  }
  return text;
}

/**
 * Stores the records (the caller's transaction makes them one commit): one statement per
 * ROWS_PER_INSERT, its SQL compiled once per row count (building and compiling a 13-column
 * insert with Kysely for every batch cost more than SQLite's insert, issue 43).
 */
export async function insertConsentRecords(
  db: Kysely<Database>,
  records: readonly NewConsentRecord[],
): Promise<void> {
  for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
    const end = Math.min(records.length, start + ROWS_PER_INSERT);
    const parameters: unknown[] = [];
    for (let i = start; i < end; i += 1) bindRecord(parameters, records[i] as NewConsentRecord);
    await db.executeQuery(CompiledQuery.raw(insertSql(db, end - start), parameters));
  }
}

export function outcomeOf(accepted: number, offered: number): ConsentOutcome {
  if (offered > 0 && accepted === offered) return 'all';
  return accepted === 0 ? 'none' : 'some';
}

export function toConsentRecord(row: RecordRow): ConsentRecord {
  return {
    id: row.id,
    consent_id: row.consent_id,
    created_at: row.created_at,
    choices: parseJson<Record<string, boolean>>(row.choices, {}),
    outcome: outcomeOf(row.accepted, row.offered),
    config_version: row.config_etag,
    config_revision: row.config_version,
    locale: row.locale,
    page: row.page,
    user_agent: row.user_agent,
    ip_hash: row.ip_hash,
  };
}

/** Times as stored (ISO UTC with milliseconds), whatever offset the query used. */
function storedTime(value: string): string {
  return new Date(value).toISOString();
}

function filtered<O>(
  db: Kysely<Database>,
  select: SelectQueryBuilder<Database, 'consent_records', O>,
  siteId: string,
  filter: ConsentRecordFilter,
): SelectQueryBuilder<Database, 'consent_records', O> {
  let query = select.where('site_id', '=', siteId);
  if (filter.consent_id !== undefined) query = query.where('consent_id', '=', filter.consent_id);
  if (filter.from !== undefined) query = query.where('created_at', '>=', storedTime(filter.from));
  if (filter.to !== undefined) query = query.where('created_at', '<', storedTime(filter.to));
  if (filter.locale !== undefined) query = query.where('locale', '=', filter.locale);
  if (filter.application !== undefined) {
    // A plain substring test (no LIKE: its wildcards and SQLite's case folding), per engine.
    const needle = `|${filter.application}|`;
    query =
      engineOf(db) === 'postgres'
        ? query.where(sql<boolean>`strpos(applications, ${needle}) > 0`)
        : query.where(sql<boolean>`instr(applications, ${needle}) > 0`);
  }
  return query;
}

/** A site's records, newest first (`before`: ids below it). */
export async function listConsentRecords(
  db: Kysely<Database>,
  siteId: string,
  query: ConsentRecordQuery,
): Promise<ConsentRecord[]> {
  let select = filtered(db, db.selectFrom('consent_records').selectAll(), siteId, query);
  if (query.before !== undefined) select = select.where('id', '<', query.before);
  const rows = await select.orderBy('id', 'desc').limit(query.limit).execute();
  return rows.map(toConsentRecord);
}

/** Records per UTC day and outcome, oldest day first. */
export async function countConsentRecordDays(
  db: Kysely<Database>,
  siteId: string,
  filter: ConsentRecordFilter,
): Promise<ConsentRecordDay[]> {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await filtered(
    db,
    db.selectFrom('consent_records').select([
      day.as('day'),
      // PostgreSQL answers sums and counts as text (bigint).
      sql<number | string>`sum(case when offered > 0 and accepted = offered then 1 else 0 end)`.as(
        'all',
      ),
      sql<number | string>`sum(case when accepted = 0 then 1 else 0 end)`.as('none'),
      sql<number | string>`count(*)`.as('total'),
    ]),
    siteId,
    filter,
  )
    .groupBy(day)
    .orderBy(day)
    .execute();
  return rows.map((row) => {
    const all = Number(row.all);
    const none = Number(row.none);
    return { day: row.day, all, none, some: Number(row.total) - all - none };
  });
}

/** Rows read per query of the export walk. */
const WALK_PAGE = 500;

/** Every record of the filter in id order, a page at a time (constant memory at any size). */
export async function* walkConsentRecords(
  db: Kysely<Database>,
  siteId: string,
  filter: ConsentRecordFilter,
): AsyncGenerator<ConsentRecord[]> {
  let after = 0;
  for (;;) {
    const rows = await filtered(db, db.selectFrom('consent_records').selectAll(), siteId, filter)
      .where('id', '>', after)
      .orderBy('id')
      .limit(WALK_PAGE)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toConsentRecord);
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < WALK_PAGE) return;
  }
}

/** Deletes every record of a visitor; answers how many went. */
export async function deleteConsentRecords(
  db: Kysely<Database>,
  siteId: string,
  consentId: string,
): Promise<number> {
  const result = await db
    .deleteFrom('consent_records')
    .where('site_id', '=', siteId)
    .where('consent_id', '=', consentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes at most `step` of the site's records older than `before` (ISO); answers how many
 * went. Retention calls it until it answers fewer than `step`, each call its own transaction.
 */
export async function pruneConsentRecordsStep(
  db: Kysely<Database>,
  siteId: string,
  before: string,
  step: number,
): Promise<number> {
  const result = await db
    .deleteFrom('consent_records')
    .where(
      'id',
      'in',
      db
        .selectFrom('consent_records')
        .select('id')
        .where('site_id', '=', siteId)
        .where('created_at', '<', before)
        .limit(step),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Alert rules (issue 41, decision 070): a site's alerts on its app logs. Repository functions
 * take `db` or a transaction; rows become API objects in `toAlert` only, and the rule's JSON
 * encoding and the 0/1 of `enabled` never leave this file.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { alertRuleSchema, type Alert, type AlertRule } from '../../../contract/schemas/alert';
import { flag, jsonText, parseJson } from '../../database/encoding';
import { lockedForWrite, type FindOptions } from '../../database/row-lock';
import type { AlertsTable, Database } from '../../database/schema';

export type AlertRow = Selectable<AlertsTable>;

/** The rule a row holds: written only through `alertRuleSchema`, so it reads back. */
export function ruleOf(row: AlertRow): AlertRule {
  const parsed = alertRuleSchema.safeParse(parseJson<unknown>(row.rule, null));
  if (!parsed.success) throw new Error(`alert ${String(row.id)}: the stored rule does not read`);
  return parsed.data;
}

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    ...ruleOf(row),
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The site's alerts, oldest first. */
export async function listAlertRows(db: Kysely<Database>, siteId: string): Promise<AlertRow[]> {
  return db.selectFrom('alerts').selectAll().where('site_id', '=', siteId).orderBy('id').execute();
}

export async function countAlerts(db: Kysely<Database>, siteId: string): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The site's alert `id`; undefined when there is none (or it is another site's). `forWrite`
 * locks the row on PostgreSQL until the transaction ends (SQLite's write lock covers the file).
 */
export async function findAlertRow(
  db: Kysely<Database>,
  siteId: string,
  id: number,
  options: FindOptions = {},
): Promise<AlertRow | undefined> {
  const query = db
    .selectFrom('alerts')
    .selectAll()
    .where('id', '=', id)
    .where('site_id', '=', siteId);
  return (options.forWrite === true ? lockedForWrite(db, query) : query).executeTakeFirst();
}

function columnsOf(rule: AlertRule) {
  return {
    app_key: rule.app,
    name: rule.name,
    rule: jsonText(rule),
    enabled: flag(rule.enabled),
    every_minutes: rule.every_minutes,
  };
}

export async function insertAlert(
  db: Kysely<Database>,
  siteId: string,
  rule: AlertRule,
  now: string,
): Promise<AlertRow> {
  return db
    .insertInto('alerts')
    .values({ site_id: siteId, ...columnsOf(rule), version: 1, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Writes `rule` if the alert is still at `row.version`: the row as written, or undefined. */
export async function updateAlertAtVersion(
  db: Kysely<Database>,
  row: AlertRow,
  rule: AlertRule,
  now: string,
): Promise<AlertRow | undefined> {
  return db
    .updateTable('alerts')
    .set({ ...columnsOf(rule), version: row.version + 1, updated_at: now })
    .where('id', '=', row.id)
    .where('site_id', '=', row.site_id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteAlert(db: Kysely<Database>, row: AlertRow): Promise<void> {
  await db
    .deleteFrom('alerts')
    .where('id', '=', row.id)
    .where('site_id', '=', row.site_id)
    .execute();
}

/** Which of `emails` (lower-cased) belong to no member of the site. */
export async function nonMemberEmails(
  db: Kysely<Database>,
  siteId: string,
  emails: readonly string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select('users.email')
    .where('memberships.site_id', '=', siteId)
    .where(sql<string>`lower(users.email)`, 'in', [...emails])
    .execute();
  const members = new Set(rows.map((row) => row.email.toLowerCase()));
  return emails.filter((email) => !members.has(email));
}

/**
 * What the alerts' evaluator keeps (issue 41, decision 074): each alert's state and the changes
 * of it. One short statement at a time; an evaluation is written in one transaction with the
 * notifications it calls for (store/alert-outbox.ts), so a state change and its outbox rows
 * exist together or not at all.
 */
import { type Kysely, type Selectable } from 'kysely';
import type { AlertEvent, AlertStateName, AlertStatus } from '../../../contract/schemas/alert';
import type { AlertEventsTable, AlertStatesTable, Database } from '../../database/schema';
import type { AlertRow } from './alerts';

type StateRow = Selectable<AlertStatesTable>;
type EventRow = Selectable<AlertEventsTable>;

const MINUTE_S = 60;

/** An enabled alert with the end of the last window evaluated (null: never evaluated). */
export type DueAlertRow = AlertRow & {
  state: string | null;
  last_window_end_minute: number | null;
};

/** Every enabled alert of every site with its state, in id order (one statement). */
export async function listEnabledAlerts(db: Kysely<Database>): Promise<DueAlertRow[]> {
  return db
    .selectFrom('alerts')
    .leftJoin('alert_states', 'alert_states.alert_id', 'alerts.id')
    .selectAll('alerts')
    .select(['alert_states.state', 'alert_states.last_window_end_minute'])
    .where('alerts.enabled', '=', 1)
    .orderBy('alerts.id')
    .execute();
}

function toStatus(row: StateRow): AlertStatus {
  return {
    state: row.state as AlertStateName,
    since: row.since,
    last_fired_at: row.last_fired_at,
    last_count: row.last_count,
    last_evaluated_at: row.last_evaluated_at,
    ...(row.counted_since_minute === null
      ? {}
      : { counted_since: row.counted_since_minute * MINUTE_S }),
  };
}

/** Before an alert's first evaluation. */
export const UNEVALUATED: AlertStatus = {
  state: 'ok',
  since: null,
  last_fired_at: null,
  last_count: null,
  last_evaluated_at: null,
};

/** The status of each of the site's evaluated alerts, by alert id. */
export async function alertStatuses(
  db: Kysely<Database>,
  siteId: string,
  alertIds: readonly number[],
): Promise<Map<number, AlertStatus>> {
  if (alertIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('alert_states')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('alert_id', 'in', [...alertIds])
    .execute();
  return new Map(rows.map((row) => [row.alert_id, toStatus(row)]));
}

export interface Evaluation {
  alert: Pick<AlertRow, 'id' | 'site_id'>;
  state: AlertStateName;
  count: number;
  threshold: number;
  windowStartMinute: number;
  windowEndMinute: number;
  /** Set when the count was partial: the minutes before it were not counted (decision 087). */
  countedSinceMinute: number | null;
  at: string;
  /** Whether `state` alerts (it sets last_fired_at when it newly does). */
  fired: boolean;
}

/**
 * Writes an evaluation inside `trx`: answers the state it replaced (null: the first), or
 * 'stale' when this window (or a later one) was already written — by this leader or one that
 * died mid-check — and then writes nothing.
 */
export async function writeEvaluation(
  trx: Kysely<Database>,
  evaluation: Evaluation,
): Promise<{ from: AlertStateName | null } | 'stale'> {
  const { alert, state, at } = evaluation;
  const current = await trx
    .selectFrom('alert_states')
    .selectAll()
    .where('alert_id', '=', alert.id)
    .executeTakeFirst();
  if (current && current.last_window_end_minute >= evaluation.windowEndMinute) {
    return 'stale';
  }
  const changed = current?.state !== state;
  const values = {
    state,
    since: current && !changed ? current.since : at,
    last_fired_at: evaluation.fired && changed ? at : (current?.last_fired_at ?? null),
    last_count: evaluation.count,
    last_evaluated_at: at,
    last_window_end_minute: evaluation.windowEndMinute,
    counted_since_minute: evaluation.countedSinceMinute,
  };
  if (current) {
    // The window guard again: of two leaders writing at once, one updates and the other none.
    const updated = await trx
      .updateTable('alert_states')
      .set(values)
      .where('alert_id', '=', alert.id)
      .where('last_window_end_minute', '<', evaluation.windowEndMinute)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'stale';
  } else {
    const inserted = await trx
      .insertInto('alert_states')
      .values({ alert_id: alert.id, site_id: alert.site_id, ...values })
      .onConflict((oc) => oc.column('alert_id').doNothing())
      .returning('alert_id')
      .executeTakeFirst();
    if (!inserted) return 'stale';
  }
  if (changed) {
    await trx
      .insertInto('alert_events')
      .values({
        alert_id: alert.id,
        site_id: alert.site_id,
        at,
        from_state: current?.state ?? null,
        to_state: state,
        count: evaluation.count,
        threshold: evaluation.threshold,
        window_start_minute: evaluation.windowStartMinute,
        window_end_minute: evaluation.windowEndMinute,
        counted_since_minute: evaluation.countedSinceMinute,
      })
      .onConflict((oc) => oc.columns(['alert_id', 'window_end_minute']).doNothing())
      .execute();
  }
  return { from: (current?.state as AlertStateName | undefined) ?? null };
}

function toEvent(row: EventRow): AlertEvent {
  return {
    id: row.id,
    at: row.at,
    from: row.from_state as AlertStateName | null,
    to: row.to_state as AlertStateName,
    count: row.count,
    threshold: row.threshold,
    window_start: row.window_start_minute * MINUTE_S,
    window_end: row.window_end_minute * MINUTE_S,
    ...(row.counted_since_minute === null
      ? {}
      : { counted_since: row.counted_since_minute * MINUTE_S }),
  };
}

/** The alert's events newest first, before event `before` when given; one more tells of a next page. */
export async function listAlertEvents(
  db: Kysely<Database>,
  alertId: number,
  before: number | undefined,
  limit: number,
): Promise<{ items: AlertEvent[]; next_before?: number }> {
  let query = db
    .selectFrom('alert_events')
    .selectAll()
    .where('alert_id', '=', alertId)
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('id', '<', before);
  const rows = await query.execute();
  const items = rows.slice(0, limit).map(toEvent);
  const last = items[items.length - 1];
  return rows.length > limit && last ? { items, next_before: last.id } : { items };
}

/** What the evaluator kept of an alert goes with it. */
export async function deleteAlertEvaluation(db: Kysely<Database>, alertId: number): Promise<void> {
  await db.deleteFrom('alert_states').where('alert_id', '=', alertId).execute();
  await db.deleteFrom('alert_events').where('alert_id', '=', alertId).execute();
}

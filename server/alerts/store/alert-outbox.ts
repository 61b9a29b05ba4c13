/**
 * The alerts' outbox (issue 41, decision 074): one row per notification, UNIQUE on (alert,
 * window end, state, channel, target). Rows are inserted in the evaluation's transaction with
 * insert-or-ignore, so a leader that dies mid-check and its successor write one row. A sender
 * claims a row (a lease, decision 093) before it sends it and marks it sent after: of two
 * senders one wins the row, and a sender that dies mid-send leaves a lease that runs out, after
 * which the successor completes the row. Each attempt is recorded (alert_deliveries).
 */
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AlertOutboxTable, Database } from '../../database/schema';

export type OutboxRow = Selectable<AlertOutboxTable>;
export type AlertChannel = 'email' | 'webhook';

export interface NewOutboxRow {
  alert_id: number;
  site_id: string;
  window_end_minute: number;
  to_state: string;
  channel: AlertChannel;
  target: string;
  payload: string;
}

/** Inserts each row unless its key is there already (written by a leader before). */
export async function enqueueNotifications(
  trx: Kysely<Database>,
  rows: readonly NewOutboxRow[],
  now: string,
): Promise<void> {
  for (const row of rows) {
    await trx
      .insertInto('alert_outbox')
      .values({ ...row, created_at: now, attempts: 0, next_attempt_at: now })
      .onConflict((oc) =>
        oc.columns(['alert_id', 'window_end_minute', 'to_state', 'channel', 'target']).doNothing(),
      )
      .execute();
  }
}

/** Unsent rows whose next attempt is due and which no sender holds, oldest first. */
export async function dueNotifications(
  db: Kysely<Database>,
  now: string,
  limit: number,
): Promise<OutboxRow[]> {
  return db
    .selectFrom('alert_outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims `row` for one attempt until `leaseUntil`: answers whether this sender won it. Only a
 * row still unsent, at the attempt it was read at, and not held by another sender's live lease
 * is claimed (one conditional UPDATE, so of two senders exactly one wins). A sender that dies
 * after this leaves the row to whoever claims it once the lease has passed.
 */
export async function claimNotification(
  db: Kysely<Database>,
  row: OutboxRow,
  now: string,
  leaseUntil: string,
): Promise<boolean> {
  const claimed = await db
    .updateTable('alert_outbox')
    .set({ lease_until: leaseUntil })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('sent_at', 'is', null)
    .where('given_up_at', 'is', null)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/**
 * Records an attempt at `row` and what follows: sent, another attempt at `retryAt`, or (retryAt
 * null) given up. Only a row still unsent at `row.attempts` is moved, so two senders never both
 * count one attempt.
 */
export async function recordAttempt(
  db: Kysely<Database>,
  row: OutboxRow,
  result: AttemptResult,
  at: string,
  retryAt: string | null,
): Promise<void> {
  const attempt = row.attempts + 1;
  await db
    .insertInto('alert_deliveries')
    .values({
      outbox_id: row.id,
      site_id: row.site_id,
      attempt,
      at,
      ok: result.ok ? 1 : 0,
      status: result.status,
      error: result.error,
    })
    .execute();
  await db
    .updateTable('alert_outbox')
    .set({
      attempts: attempt,
      lease_until: null,
      ...(result.ok
        ? { sent_at: at }
        : retryAt === null
          ? { given_up_at: at }
          : { next_attempt_at: retryAt }),
    })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('sent_at', 'is', null)
    .execute();
}

/** An outbox row's attempts, oldest first (tests and support read them). */
export async function deliveriesOf(db: Kysely<Database>, outboxId: number) {
  return db
    .selectFrom('alert_deliveries')
    .selectAll()
    .where('outbox_id', '=', outboxId)
    .orderBy('id')
    .execute();
}

/** The site's webhook signing key, made on first use (whoever inserts first wins). */
export async function webhookSecret(db: Kysely<Database>, siteId: string): Promise<string> {
  await db
    .insertInto('alert_webhook_secrets')
    .values({
      site_id: siteId,
      secret: randomBytes(32).toString('hex'),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) => oc.column('site_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('alert_webhook_secrets')
    .select('secret')
    .where('site_id', '=', siteId)
    .executeTakeFirstOrThrow();
  return row.secret;
}

import { randomBytes } from 'node:crypto';
import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import { LOG_ALERT_TEMPLATE } from '../../../contract/log-alert-template';
import { engineOf } from '../engine';

/**
 * Issue 41, decision 074: what the alerts' evaluator keeps.
 *
 * - `alert_states`: one row per evaluated alert (its state, since when, the last window counted:
 *   `last_window_end_minute`, epoch minutes, so a moment is evaluated once);
 * - `alert_events`: every change of state (`GET /alerts/{id}/events`); window times in epoch
 *   minutes;
 * - `alert_outbox`: one row per notification to send, UNIQUE on (alert_id, window_end_minute,
 *   to_state, channel, target): a leader that dies mid-check and its successor insert the same
 *   row once, and whoever sends marks it `sent_at`;
 * - `alert_deliveries`: each attempt at an outbox row (HTTP status or error, when);
 * - `alert_webhook_secrets`: each site's key for the webhooks' HMAC-SHA256 signature;
 * - every existing site gains the built-in template `log-alert` (new sites get it in createSite).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
function autoId(db: Kysely<any>) {
  return engineOf(db) === 'postgres'
    ? (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity()
    : (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement();
}

export const alertEvaluationMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('alert_states')
      .addColumn('alert_id', 'integer', (col) => col.primaryKey())
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) => col.notNull())
      .addColumn('since', 'text', (col) => col.notNull())
      .addColumn('last_fired_at', 'text')
      .addColumn('last_count', 'integer', (col) => col.notNull())
      .addColumn('last_evaluated_at', 'text', (col) => col.notNull())
      .addColumn('last_window_end_minute', 'integer', (col) => col.notNull())
      .execute();
    await db.schema
      .createTable('alert_events')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('alert_id', 'integer', (col) => col.notNull())
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('from_state', 'text')
      .addColumn('to_state', 'text', (col) => col.notNull())
      .addColumn('count', 'integer', (col) => col.notNull())
      .addColumn('threshold', 'double precision', (col) => col.notNull())
      .addColumn('window_start_minute', 'integer', (col) => col.notNull())
      .addColumn('window_end_minute', 'integer', (col) => col.notNull())
      .addUniqueConstraint('alert_events_window', ['alert_id', 'window_end_minute'])
      .execute();
    await db.schema
      .createTable('alert_outbox')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('alert_id', 'integer', (col) => col.notNull())
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('window_end_minute', 'integer', (col) => col.notNull())
      .addColumn('to_state', 'text', (col) => col.notNull())
      .addColumn('channel', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('next_attempt_at', 'text', (col) => col.notNull())
      .addColumn('sent_at', 'text')
      .addColumn('given_up_at', 'text')
      .addUniqueConstraint('alert_outbox_once', [
        'alert_id',
        'window_end_minute',
        'to_state',
        'channel',
        'target',
      ])
      .execute();
    await db.schema
      .createIndex('alert_outbox_due')
      .on('alert_outbox')
      .columns(['sent_at', 'given_up_at', 'next_attempt_at'])
      .execute();
    await db.schema
      .createTable('alert_deliveries')
      .addColumn('id', 'integer', autoId(db))
      .addColumn('outbox_id', 'integer', (col) => col.notNull())
      .addColumn('site_id', 'text', (col) => col.notNull())
      .addColumn('attempt', 'integer', (col) => col.notNull())
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('ok', 'integer', (col) => col.notNull())
      .addColumn('status', 'integer')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('alert_deliveries_outbox')
      .on('alert_deliveries')
      .columns(['outbox_id', 'id'])
      .execute();
    await db.schema
      .createTable('alert_webhook_secrets')
      .addColumn('site_id', 'text', (col) => col.primaryKey())
      .addColumn('secret', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    const now = new Date().toISOString();
    const sites = (await db.selectFrom('sites').select('id').execute()) as { id: string }[];
    for (const site of sites) {
      const taken = await db
        .selectFrom('notifications')
        .select('id')
        .where('site_id', '=', site.id)
        .where('slug', '=', LOG_ALERT_TEMPLATE.slug)
        .executeTakeFirst();
      if (taken) continue;
      await db
        .insertInto('notifications')
        .values({
          id: `ntf_${randomBytes(9).toString('base64url')}`,
          site_id: site.id,
          slug: LOG_ALERT_TEMPLATE.slug,
          name: LOG_ALERT_TEMPLATE.name,
          description: LOG_ALERT_TEMPLATE.description,
          subject: LOG_ALERT_TEMPLATE.subject,
          text: LOG_ALERT_TEMPLATE.text,
          html: LOG_ALERT_TEMPLATE.html,
          html_enabled: 1,
          layout: null,
          created_at: now,
          updated_at: now,
          version: 1,
        })
        .execute();
    }
  },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in 001
  async down(db: Kysely<any>): Promise<void> {
    for (const table of [
      'alert_webhook_secrets',
      'alert_deliveries',
      'alert_outbox',
      'alert_events',
      'alert_states',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};

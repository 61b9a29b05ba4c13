// The alerts wing's tables (server/alerts/): the alerts on the logs (issue 41, migration 026,
// decision 070) and their evaluator's state, events and deliveries (migration 027, decision 074).
// Types only; the Database they make up is in ../schema.ts.
import type { Generated } from 'kysely';

export interface AlertsTable {
  id: Generated<number>;
  site_id: string;
  app_key: string;
  name: string;
  /** JSON of the AlertRule (contract/schemas/alert.ts). */
  rule: string;
  /** 0/1, as the rule's `enabled`. */
  enabled: number;
  every_minutes: number;
  version: number;
  created_at: string;
  updated_at: string;
}

/** The evaluator's state of an alert (migration 027, decision 074). */
export interface AlertStatesTable {
  alert_id: number;
  site_id: string;
  state: string;
  since: string;
  last_fired_at: string | null;
  last_count: number;
  last_evaluated_at: string;
  /** The end of the last window evaluated, epoch minutes. */
  last_window_end_minute: number;
  /** The last count was partial: counted from this epoch minute on (migration 028). */
  counted_since_minute: number | null;
}

/** Each change of an alert's state (migration 027); window times in epoch minutes. */
export interface AlertEventsTable {
  id: Generated<number>;
  alert_id: number;
  site_id: string;
  at: string;
  from_state: string | null;
  to_state: string;
  count: number;
  threshold: number;
  window_start_minute: number;
  window_end_minute: number;
  /** The count was partial: counted from this epoch minute on (migration 028). */
  counted_since_minute: number | null;
}

/** A notification to send, once per (alert, window, state, channel, target) (migration 027). */
export interface AlertOutboxTable {
  id: Generated<number>;
  alert_id: number;
  site_id: string;
  window_end_minute: number;
  to_state: string;
  /** `email` | `webhook`. */
  channel: string;
  /** The address or the webhook URL. */
  target: string;
  /** JSON of what the message carries (server/alerts/evaluation/alert-message.ts). */
  payload: string;
  created_at: string;
  attempts: number;
  next_attempt_at: string;
  sent_at: string | null;
  given_up_at: string | null;
  /** Claimed by a sender until then (ISO; null: not claimed; migration 029, decision 093). */
  lease_until: string | null;
}

/** Each attempt at an outbox row (migration 027). */
export interface AlertDeliveriesTable {
  id: Generated<number>;
  outbox_id: number;
  site_id: string;
  attempt: number;
  at: string;
  /** 0/1. */
  ok: number;
  /** The webhook's HTTP status; null for e-mail or when no answer came. */
  status: number | null;
  error: string | null;
}

/** Each site's webhook signing key (migration 027). */
export interface AlertWebhookSecretsTable {
  site_id: string;
  secret: string;
  created_at: string;
}

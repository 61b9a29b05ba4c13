/**
 * The alerts' evaluator (issue 41, decision 074), run by the leader (server/platform/leader.ts):
 * a little after each minute it evaluates every enabled alert whose moment (every
 * `every_minutes` on the minute grid) came and was not yet evaluated, then sends the outbox.
 *
 * Each alert is counted with the alerts' own counting (routes/alert-counts.ts: the rollup where
 * the query allows, bounded reads otherwise, one statement per run of minutes), its state
 * compared with the stored one (a rule with field conditions counts only the minutes it has not
 * counted before, decision 095: the evaluator remembers each alert's counted minutes), and the
 * evaluation written in one short transaction with the
 * notifications a change calls for (an outbox row per channel and target, insert-or-ignore on
 * its key). The event loop gets a turn between alerts; no statement holds a connection longer
 * than one count.
 */
import { findAppRow } from '../../../apps';
import { writeTransaction } from '../../../database/transactions';
import { alerting, alertWindows, MINUTE_MS, type AlertState } from '../../alert-windows';
import { ruleOf } from '../../store/alerts';
import { enqueueNotifications, type NewOutboxRow } from '../../store/alert-outbox';
import { listEnabledAlerts, writeEvaluation, type DueAlertRow } from '../../store/alert-states';
import { AlertCountMemo } from '../alert-count-memo';
import { alertMinuteCounts } from '../alert-counts';
import { deliverDue, type DeliveryOptions } from './alert-delivery';
import { logViewerUrl, newestLines, type AlertMessage } from './alert-message';

export interface EvaluatorOptions extends Omit<DeliveryOptions, 'now'> {
  /** The base of the dashboard's links (PUBLIC_URL). */
  publicUrl: string;
  /** The clock, epoch ms (tests move it); default Date.now. */
  now?: () => number;
  /** Each counting statement's time budget; default the log volume's. */
  timeBudgetMs?: number;
  /** The rows a field condition reads per run of minutes (default LOG_FIELD_SCAN_ROWS). */
  fieldScanRows?: number;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** The moment (epoch ms) an alert evaluated every `everyMinutes` is due at, at `nowMs`. */
export function dueMoment(everyMinutes: number, nowMs: number): number {
  const stepMs = everyMinutes * MINUTE_MS;
  return Math.floor(nowMs / stepMs) * stepMs;
}

export class AlertEvaluator {
  private readonly now: () => number;
  /** Each alert's counted minutes, between its checks (decision 095). */
  private readonly memo = new AlertCountMemo();

  constructor(private readonly options: EvaluatorOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Evaluates the alerts due now; answers how many were evaluated. One alert that cannot be
   * evaluated (a count past its budget, a rule that no longer reads) does not cost the others
   * their round: it is tried again next round, and the round ends by throwing what failed (the
   * leader's loop logs it).
   */
  async evaluateDue(): Promise<number> {
    const nowMs = this.now();
    let evaluated = 0;
    const failures: unknown[] = [];
    const rows = await listEnabledAlerts(this.options.db);
    this.memo.keepOnly(rows.map((row) => row.id));
    for (const row of rows) {
      const momentMs = dueMoment(row.every_minutes, nowMs);
      if (row.last_window_end_minute !== null && row.last_window_end_minute * MINUTE_MS >= momentMs)
        continue;
      try {
        await this.evaluate(row, momentMs);
        evaluated += 1;
      } catch (error) {
        failures.push(error);
      }
      await turn();
    }
    if (failures.length === 1) throw failures[0];
    if (failures.length > 1) {
      const first = failures[0] instanceof Error ? failures[0].message : String(failures[0]);
      throw new AggregateError(
        failures,
        `${String(failures.length)} alerts not evaluated: ${first}, …`,
      );
    }
    return evaluated;
  }

  /** Sends the outbox's due rows; answers how many were attempted. */
  async deliverDue(): Promise<number> {
    return deliverDue({ ...this.options, now: this.now });
  }

  private async evaluate(row: DueAlertRow, momentMs: number): Promise<void> {
    const { db, timeBudgetMs, fieldScanRows } = this.options;
    const rule = ruleOf(row);
    const app = await findAppRow(db, row.site_id, rule.app);
    if (!app) return;
    const startMs = momentMs - rule.condition.window_minutes * MINUTE_MS;
    const counts = await alertMinuteCounts(
      db,
      app.id,
      rule,
      startMs,
      rule.condition.window_minutes,
      {
        ...(timeBudgetMs === undefined ? {} : { timeBudgetMs }),
        ...(fieldScanRows === undefined ? {} : { fieldScanRows }),
        memo: this.memo.minutesOf(row.id, app.id, rule),
      },
    );
    const [window] = alertWindows(rule, counts, [momentMs]);
    if (!window) return;
    const before = row.state as AlertState | null;
    const nowAlerting = alerting(rule, window.state);
    const notify =
      before !== window.state && nowAlerting !== (before !== null && alerting(rule, before));
    // Read before the transaction: the lines are one bounded read of their own.
    const lines = notify
      ? await newestLines(db, app.id, rule, startMs, momentMs, timeBudgetMs)
      : [];
    const at = new Date(this.now()).toISOString();
    const message: AlertMessage = {
      type: nowAlerting ? 'alert.firing' : 'alert.resolved',
      state: nowAlerting ? 'firing' : 'resolved',
      from: before,
      to: window.state,
      id: row.id,
      site: row.site_id,
      name: rule.name,
      app: rule.app,
      op: rule.condition.op,
      threshold: rule.condition.threshold,
      window_minutes: rule.condition.window_minutes,
      count: window.count,
      window_start: new Date(startMs).toISOString(),
      window_end: new Date(momentMs).toISOString(),
      ...(window.countedSinceMs === undefined
        ? {}
        : { counted_since: new Date(window.countedSinceMs).toISOString() }),
      lines,
      url: logViewerUrl(this.options.publicUrl, row.site_id, rule, startMs, momentMs),
    };
    const windowEndMinute = momentMs / MINUTE_MS;
    const outbox: NewOutboxRow[] = notify
      ? [
          ...(rule.notify.emails ?? []).map((target) => ({ channel: 'email' as const, target })),
          ...(rule.notify.webhooks ?? []).map((target) => ({
            channel: 'webhook' as const,
            target,
          })),
        ].map(({ channel, target }) => ({
          alert_id: row.id,
          site_id: row.site_id,
          window_end_minute: windowEndMinute,
          to_state: window.state,
          channel,
          target,
          payload: JSON.stringify(message),
        }))
      : [];
    const enqueued = await writeTransaction(db, async (trx) => {
      const written = await writeEvaluation(trx, {
        alert: row,
        state: window.state,
        count: window.count,
        threshold: rule.condition.threshold,
        windowStartMinute: startMs / MINUTE_MS,
        windowEndMinute,
        countedSinceMinute:
          window.countedSinceMs === undefined ? null : window.countedSinceMs / MINUTE_MS,
        at,
        fired: nowAlerting,
      });
      if (written === 'stale') return false;
      await enqueueNotifications(trx, outbox, at);
      return outbox.length > 0;
    });
    // The change and its notifications are committed: whoever sends the outbox next sends them.
    if (enqueued) this.options.crash?.('after-evaluate');
  }
}

export interface EvaluationTiming {
  /** How long after each minute a round starts (entries of the minute are in by then). */
  offsetMs?: number;
  /**
   * A round every this many ms instead of one a minute: for a test that drives the evaluator's
   * clock (ALERTS_TEST_CLOCK_FILE, decision 093), whose minutes do not pass with the wall's.
   */
  everyMs?: number;
}

/**
 * Runs the evaluator a little after every minute (or every `everyMs`) until stopped; a round
 * never starts while the last one runs. Answers the function that stops it.
 */
export function startAlertEvaluation(
  evaluator: AlertEvaluator,
  onError: (error: unknown) => void,
  { offsetMs = 2_000, everyMs }: EvaluationTiming = {},
): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    const wait = everyMs ?? MINUTE_MS - (Date.now() % MINUTE_MS) + offsetMs;
    timer = setTimeout(run, wait);
    timer.unref();
  };
  const run = () => {
    round = (async () => {
      try {
        await evaluator.evaluateDue();
      } catch (error) {
        onError(error);
      }
      try {
        await evaluator.deliverDue();
      } catch (error) {
        onError(error);
      }
    })().finally(schedule);
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await round;
  };
}

/**
 * Sends the alerts' outbox (issue 41, decision 074): each due row once, then marks it sent. An
 * e-mail goes to an address only while it still belongs to a member of the site, rendered with
 * the site's `log-alert` template, through the service's SMTP transport. A webhook is a POST of
 * the message's JSON, signed with the site's key (HMAC-SHA256 over the raw body:
 * `X-Site-Console-Signature: sha256=<hex>`, with `X-Site-Console-Timestamp`). A failure is
 * tried again after 30 s, 1, 2 and 4 min; after the fifth attempt the row is given up. Every
 * attempt is recorded.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Db } from '../../../database/schema';
import type { Mailer, TemplateRenderer } from '../../../notifications';
import { renderStoredNotification } from '../../../notifications/routes';
import { LOG_ALERT_SLUG } from '../../../../contract/log-alert-template';
import { nonMemberEmails } from '../../store/alerts';
import type { CrashHook } from './alert-test-hooks';
import {
  claimNotification,
  dueNotifications,
  recordAttempt,
  webhookSecret,
  type AttemptResult,
  type OutboxRow,
} from '../../store/alert-outbox';

export const ALERT_DELIVERY_ATTEMPTS = 5;
const FIRST_RETRY_MS = 30_000;
const WEBHOOK_TIMEOUT_MS = 10_000;
const ROWS_PER_ROUND = 50;
/**
 * How long a sender holds a row it claimed: longer than any one attempt (the webhook's timeout,
 * nodemailer's connection, greeting and socket timeouts, the render), so a live sender is never
 * overtaken; a dead one's row waits this long for the successor.
 */
export const ALERT_LEASE_MS = 2 * 60_000;
export const SIGNATURE_HEADER = 'x-site-console-signature';
export const TIMESTAMP_HEADER = 'x-site-console-timestamp';
/** The same for every attempt and every sender of one notification: a receiver can drop repeats. */
export const IDEMPOTENCY_HEADER = 'x-site-console-idempotency-key';

export interface DeliveryOptions {
  db: Db;
  /** null: no SMTP_URL, and e-mails are given up (recorded as such). */
  mailer: Mailer | null;
  from: string;
  renderer: TemplateRenderer;
  /** How webhooks are posted; tests give one that trusts their local https server. */
  fetch?: typeof fetch;
  now: () => number;
  /** A test hook that kills the process at a step (alert-test-hooks.ts); absent: none. */
  crash?: CrashHook;
}

/**
 * One notification's key: the alert, the end of the window that changed its state, the state,
 * the channel and the target (the outbox row's UNIQUE key, decision 093).
 */
export function idempotencyKeyOf(row: OutboxRow): string {
  return [
    `alert-${String(row.alert_id)}`,
    String(row.window_end_minute),
    row.to_state.replace(/\s+/g, '-'),
    row.channel,
    createHash('sha256').update(row.target).digest('hex').slice(0, 16),
  ].join('.');
}

/**
 * The e-mail's Message-ID: the row's idempotency key and the site, at the sender's domain, so
 * every attempt at one notification (a resend after a sender died between the SMTP server's
 * acceptance and the mark, decision 097) carries the same id and receivers and MTAs can tell
 * the repeat. Without a domain in `from`, `site-console.invalid`.
 */
export function messageIdOf(row: OutboxRow, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'site-console.invalid';
  const site = row.site_id.replace(/[^A-Za-z0-9-]/g, '_');
  return `<${idempotencyKeyOf(row)}.${site}@${domain}>`;
}

/** `sha256=<hex>` of the body with the key: what a receiver recomputes. */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** When the attempt after `attempts` failed ones is due; null: no more. */
export function retryAtMs(attempts: number, nowMs: number): number | null {
  if (attempts >= ALERT_DELIVERY_ATTEMPTS) return null;
  return nowMs + FIRST_RETRY_MS * 2 ** (attempts - 1);
}

function failure(error: unknown, status: number | null = null): AttemptResult {
  return { ok: false, status, error: error instanceof Error ? error.message : String(error) };
}

/**
 * The template's `alert`: the message, and for a partial count the minute it was counted from as
 * `HH:MM UTC` (decision 087: "counted since 10:04 UTC"); the service knows no reader's time zone.
 */
export function emailDataOf(payload: string): Record<string, unknown> {
  const message = JSON.parse(payload) as Record<string, unknown>;
  const since = message.counted_since;
  if (typeof since !== 'string') return message;
  return { ...message, counted_since_time: `${since.slice(11, 16)} UTC` };
}

async function sendEmail(options: DeliveryOptions, row: OutboxRow): Promise<AttemptResult> {
  const { db, mailer } = options;
  if ((await nonMemberEmails(db, row.site_id, [row.target])).length > 0) {
    return { ok: false, status: null, error: 'no longer a member of the site' };
  }
  if (!mailer) return { ok: false, status: null, error: 'SMTP_URL is not set' };
  try {
    const mail = await renderStoredNotification(db, options.renderer, row.site_id, LOG_ALERT_SLUG, {
      alert: emailDataOf(row.payload),
    });
    await mailer.send({
      from: options.from,
      to: row.target,
      ...mail,
      messageId: messageIdOf(row, options.from),
    });
    return { ok: true, status: null, error: null };
  } catch (error) {
    return failure(error);
  }
}

async function postWebhook(options: DeliveryOptions, row: OutboxRow): Promise<AttemptResult> {
  const secret = await webhookSecret(options.db, row.site_id);
  const body = row.payload;
  try {
    const response = await (options.fetch ?? fetch)(row.target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Site Console alerts',
        [SIGNATURE_HEADER]: signatureOf(secret, body),
        [TIMESTAMP_HEADER]: String(Math.floor(options.now() / 1000)),
        [IDEMPOTENCY_HEADER]: idempotencyKeyOf(row),
      },
      body,
      // A webhook answers; it does not send the log lines on elsewhere (nor to http:).
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok
      ? { ok: true, status: response.status, error: null }
      : { ok: false, status: response.status, error: `answered ${String(response.status)}` };
  } catch (error) {
    return failure(error);
  }
}

/** No retry for what another attempt cannot mend. */
function final(result: AttemptResult): boolean {
  return (
    result.error === 'no longer a member of the site' || result.error === 'SMTP_URL is not set'
  );
}

/**
 * Sends the due rows, one at a time: each is claimed (one conditional UPDATE; a row another
 * sender holds or sent meanwhile is skipped), sent, and its attempt recorded. Answers how many
 * were attempted.
 */
export async function deliverDue(options: DeliveryOptions): Promise<number> {
  const rows = await dueNotifications(
    options.db,
    new Date(options.now()).toISOString(),
    ROWS_PER_ROUND,
  );
  let attempted = 0;
  for (const row of rows) {
    const claimedAt = options.now();
    const won = await claimNotification(
      options.db,
      row,
      new Date(claimedAt).toISOString(),
      new Date(claimedAt + ALERT_LEASE_MS).toISOString(),
    );
    if (!won) continue;
    options.crash?.('after-claim');
    const result =
      row.channel === 'email' ? await sendEmail(options, row) : await postWebhook(options, row);
    if (result.ok) options.crash?.('after-send');
    attempted += 1;
    const nowMs = options.now();
    const retry = result.ok || final(result) ? null : retryAtMs(row.attempts + 1, nowMs);
    await recordAttempt(
      options.db,
      row,
      result,
      new Date(nowMs).toISOString(),
      retry === null ? null : new Date(retry).toISOString(),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }
  return attempted;
}

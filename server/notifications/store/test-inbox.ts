/**
 * The test inbox (issue 39, decision 063): test sends kept by the service when no `SMTP_URL` is
 * set. Rows become API objects here only; the verdict's JSON never leaves this file.
 */
import type { Kysely, Selectable } from 'kysely';
import {
  spamVerdictSchema,
  TEST_INBOX_MAX_PER_SITE,
  type SpamVerdict,
  type TestInboxMessage,
  type TestInboxSummary,
} from '../../../contract/schemas/test-inbox';
import { jsonText, nowIso, parseJson } from '../../database/encoding';
import type { Database, TestInboxTable } from '../../database/schema';
import { writeTransaction } from '../../database/transactions';

export interface InboxMail {
  notificationSlug: string;
  locale: string | null;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  raw: string;
  spam: SpamVerdict | null;
}

type SummaryRow = Omit<Selectable<TestInboxTable>, 'text_part' | 'html_part' | 'raw'>;

function toSummary(row: SummaryRow): TestInboxSummary {
  const spam = spamVerdictSchema.safeParse(parseJson<unknown>(row.spam, null));
  return {
    id: row.id,
    notification: row.notification_slug,
    locale: row.locale,
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    size: row.size,
    spam: spam.success ? spam.data : null,
    received_at: row.received_at,
  };
}

/** The top-level headers of a message, unfolded (RFC 5322 §2.2.3). */
export function headersOf(raw: string): { name: string; value: string }[] {
  const end = raw.search(/\r?\n\r?\n/);
  const block = end === -1 ? raw : raw.slice(0, end);
  const headers: { name: string; value: string }[] = [];
  for (const line of block.split(/\r?\n/)) {
    const last = headers.at(-1);
    if (/^[ \t]/.test(line) && last) {
      last.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.push({ name: line.slice(0, colon), value: line.slice(colon + 1).trim() });
  }
  return headers;
}

/** Keeps `mail` and drops the site's oldest past the last 100, in one transaction. */
export async function insertInboxMail(
  db: Kysely<Database>,
  siteId: string,
  mail: InboxMail,
): Promise<TestInboxSummary> {
  return writeTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('test_inbox')
      .values({
        site_id: siteId,
        notification_slug: mail.notificationSlug,
        locale: mail.locale,
        from_address: mail.from,
        to_address: mail.to,
        subject: mail.subject,
        text_part: mail.text,
        html_part: mail.html,
        raw: mail.raw,
        size: Buffer.byteLength(mail.raw),
        spam: mail.spam === null ? null : jsonText(mail.spam),
        received_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const kept = await trx
      .selectFrom('test_inbox')
      .select('id')
      .where('site_id', '=', siteId)
      .orderBy('id', 'desc')
      .offset(TEST_INBOX_MAX_PER_SITE - 1)
      .limit(1)
      .executeTakeFirst();
    if (kept) {
      await trx
        .deleteFrom('test_inbox')
        .where('site_id', '=', siteId)
        .where('id', '<', kept.id)
        .execute();
    }
    return toSummary(row);
  });
}

export async function listInboxMail(
  db: Kysely<Database>,
  siteId: string,
): Promise<TestInboxSummary[]> {
  const rows = await db
    .selectFrom('test_inbox')
    .select([
      'id',
      'site_id',
      'notification_slug',
      'locale',
      'from_address',
      'to_address',
      'subject',
      'size',
      'spam',
      'received_at',
    ])
    .where('site_id', '=', siteId)
    .orderBy('id', 'desc')
    .limit(TEST_INBOX_MAX_PER_SITE)
    .execute();
  return rows.map(toSummary);
}

export async function findInboxMail(
  db: Kysely<Database>,
  siteId: string,
  id: number,
): Promise<TestInboxMessage | undefined> {
  const row = await db
    .selectFrom('test_inbox')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...toSummary(row),
    text: row.text_part,
    html: row.html_part,
    headers: headersOf(row.raw),
    raw: row.raw,
  };
}

/** Whether the site's mail `id` was there to delete. */
export async function deleteInboxMail(
  db: Kysely<Database>,
  siteId: string,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('test_inbox')
    .where('site_id', '=', siteId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Delivery into the test inbox (issue 39, decision 063): without `SMTP_URL` a test send is
 * composed exactly as nodemailer would send it, scored by SpamAssassin when a spamd answers, and
 * kept for the site (the last 100). A direct handoff instead of an SMTP server on loopback: the
 * same MIME, no port to pick or guard, and nothing a stranger on the machine could mail into.
 */
import type { TestInboxSummary } from '../../../contract/schemas/test-inbox';
import type { Db } from '../../database/schema';
import { insertInboxMail } from '../store/test-inbox';
import { composeMessage } from './compose-message';
import type { OutgoingMail } from './mailer';
import { spamVerdict, type SpamdOptions } from './spamd-client';

export interface InboxDelivery {
  siteId: string;
  notificationSlug: string;
  locale: string | null;
  mail: OutgoingMail;
}

export async function deliverToInbox(
  db: Db,
  spamd: SpamdOptions | null,
  delivery: InboxDelivery,
): Promise<{ messageId: string; kept: TestInboxSummary }> {
  const { mail } = delivery;
  const { raw, messageId } = await composeMessage(mail);
  const spam = spamd ? await spamVerdict(raw, spamd) : null;
  const kept = await insertInboxMail(db, delivery.siteId, {
    notificationSlug: delivery.notificationSlug,
    locale: delivery.locale,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    raw,
    spam,
  });
  return { messageId, kept };
}

/**
 * Where test sends go out: one SMTP transport from `SMTP_URL` (nodemailer), or none. Routes
 * depend on the `Mailer` interface; tests give a transport to a local SMTP sink.
 */
import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** Absent: a text-only mail. */
  html?: string;
  /**
   * `<id@domain>` to send under; absent: nodemailer makes a random one. A sender that may send
   * one message twice (the alerts' outbox, decision 097) gives the same id each time.
   */
  messageId?: string;
}

export interface Mailer {
  /** Resolves with the Message-ID once the SMTP server accepted the mail. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** How long a test send may wait for the SMTP server, so a dead server fails the request soon. */
const SMTP_TIMEOUT_MS = 10_000;

export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

/** `smtp://user:secret@host` → `smtp://host`: what the service may print about its SMTP URL. */
export function redactedSmtpUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'an SMTP URL';
  }
}

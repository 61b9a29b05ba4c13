/**
 * The whole message nodemailer would put on the wire for a test send, without sending it: what
 * the test inbox keeps as raw source and what SpamAssassin reads (issue 39, decision 063).
 * nodemailer's stream transport builds the same MIME (headers, multipart/alternative,
 * encodings) as its SMTP transport, so the inbox shows what a recipient would get.
 */
import nodemailer from 'nodemailer';
import type { OutgoingMail } from './mailer';

const composer = nodemailer.createTransport({
  streamTransport: true,
  buffer: true,
  newline: 'crlf',
});

export async function composeMessage(
  mail: OutgoingMail,
): Promise<{ raw: string; messageId: string }> {
  const info = await composer.sendMail(mail);
  const message = info.message as unknown;
  const raw = Buffer.isBuffer(message) ? message.toString('utf8') : String(message);
  return { raw, messageId: info.messageId };
}

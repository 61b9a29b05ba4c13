/**
 * A local SMTP server in the test process that keeps what it receives, and a small MIME reader
 * for the parts nodemailer writes (multipart, quoted-printable or base64, encoded-word subjects).
 *
 *   const sink = await startSmtpSink();   // sink.url → smtp://127.0.0.1:<port>
 *   … sink.messages[0]?.subject, .text, .html, .to
 *   await sink.close();
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string | undefined;
  html: string | undefined;
  raw: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  close: () => Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < soft.length; index += 1) {
    const hex = soft.slice(index + 1, index + 3);
    if (soft[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(soft[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** `=?UTF-8?Q?Caf=C3=A9?=` → `Café`. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString()
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function headersOf(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** The text/plain and text/html parts of a message, however deeply nested. */
function partsOf(entity: string, found: { text?: string; html?: string }): void {
  const split = entity.search(/\r?\n\r?\n/);
  const headers = headersOf(split === -1 ? entity : entity.slice(0, split));
  const body = split === -1 ? '' : entity.slice(split).replace(/^\r?\n\r?\n/, '');
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      // The line break before a boundary belongs to the boundary (RFC 2046).
      partsOf(part.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), found);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding')?.toLowerCase());
  if (type.startsWith('text/html')) found.html = decoded;
  else if (type.startsWith('text/plain')) found.text = decoded;
}

export function readMail(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const found: { text?: string; html?: string } = {};
  partsOf(raw, found);
  return {
    from,
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: found.text?.replace(/\r\n/g, '\n'),
    html: found.html?.replace(/\r\n/g, '\n'),
    raw,
  };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        messages.push(readMail(Buffer.concat(chunks).toString('utf8'), from, to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

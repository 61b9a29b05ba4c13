/**
 * SpamAssassin's verdict on a message, asked of `spamd` over its own protocol (SPAMC/1.5, the
 * one `spamc` speaks) on a TCP address such as 127.0.0.1:783 (issue 39, decision 063). No child
 * process and no network beyond that address; spamd runs with offline rules only (`-L`), so
 * nothing is looked up on the internet. Unreachable, slow or garbled: `null`, which the inbox
 * and the checks show as "not available".
 */
import { connect } from 'node:net';
import type { SpamVerdict } from '../../../contract/schemas/test-inbox';

export interface SpamdOptions {
  host: string;
  port: number;
  /** How long one verdict may take, connection included. */
  timeoutMs?: number;
}

/** `host:port` (`SPAMD_ADDRESS`) → options; the port defaults to spamd's 783. */
export function spamdAddress(address: string): SpamdOptions {
  const match = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(address.trim());
  return { host: match?.[1] ?? '127.0.0.1', port: Number(match?.[2] ?? 783) };
}

/**
 * The verdict in a `REPORT` answer: the `Spam:` header's score and threshold, and the rules of
 * the report's "pts rule name description" table (a description may go on over several lines).
 */
export function parseSpamdReport(answer: string): SpamVerdict | null {
  const status = /^SPAMD\/[\d.]+ (\d+) /.exec(answer);
  if (!status || status[1] !== '0') return null;
  const verdict = /^Spam: (True|False|Yes|No) ; (-?[\d.]+) \/ (-?[\d.]+)/im.exec(answer);
  if (!verdict) return null;
  const rules: SpamVerdict['rules'] = [];
  const table = answer.split(/^-{4} -+ -+\s*$/m)[1] ?? '';
  for (const line of table.split(/\r?\n/)) {
    const rule = /^\s*(-?\d+(?:\.\d+)?)\s+([A-Z0-9_]+)\s+(.*)$/.exec(line);
    const last = rules.at(-1);
    if (rule) {
      rules.push({
        name: rule[2] ?? '',
        score: Number(rule[1]),
        description: rule[3]?.trim() ?? '',
      });
    } else if (last && /^\s{10,}\S/.test(line)) {
      last.description = `${last.description} ${line.trim()}`;
    } else if (line.trim() !== '') {
      break;
    }
  }
  rules.sort((a, b) => b.score - a.score);
  const isSpam = /^(true|yes)$/i.test(verdict[1] ?? '');
  return { score: Number(verdict[2]), threshold: Number(verdict[3]), is_spam: isSpam, rules };
}

/** Asks spamd for its report on `raw` (a whole message); null when no spamd answers in time. */
export function spamVerdict(raw: string, options: SpamdOptions): Promise<SpamVerdict | null> {
  const body = Buffer.from(raw.endsWith('\n') ? raw : `${raw}\r\n`);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const done = (verdict: SpamVerdict | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(verdict);
    };
    const socket = connect({ host: options.host, port: options.port });
    const timer = setTimeout(() => done(null), options.timeoutMs ?? 10_000);
    socket.on('connect', () => {
      socket.write(`REPORT SPAMC/1.5\r\nContent-length: ${body.length}\r\n\r\n`);
      socket.end(body);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => done(parseSpamdReport(Buffer.concat(chunks).toString('utf8'))));
    socket.on('error', () => done(null));
  });
}

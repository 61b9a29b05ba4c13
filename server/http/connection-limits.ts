/**
 * Bounds on connections (issue 26: 21,000 idle sockets, with or without a token, took every file
 * descriptor of the process and every other client got ECONNRESET; an idle socket was closed
 * after 72 s, and a request whose body stalled after its headers was never timed out).
 *
 * - `headersTimeoutMs`/`requestTimeoutMs`: a request whose headers, or whose whole body, have
 *   not arrived by then is answered 408 (client-errors.ts) and its socket closed. A waiting tail
 *   is not affected: these time the request, not the answer.
 * - `keepAliveTimeoutMs`: an idle keep-alive socket is closed after this.
 * - `maxConnections`: sockets beyond it are closed at once by Node (`server.maxConnections`);
 *   main.ts derives it from the process's descriptor limit (`descriptorBudget`).
 * - `maxConnectionsPerAddress`: one client address (the socket's peer) gets at most this many;
 *   the next is answered 429 with the Error body and closed. 0 turns it off (behind a reverse
 *   proxy every client has the proxy's address: TRUST_PROXY turns it off).
 */
import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { Socket } from 'node:net';
import { errorBody } from './errors';
import { KeyedCounts } from './keyed-counts';
import { COMMON_SECURITY_HEADERS } from './security-headers';

export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 4_000,
  maxConnectionsPerAddress: 256,
};

/** How often Node looks for requests past their timeouts (its default is 30 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000;

/** Descriptors kept for everything but client sockets: database files and pool, workers, stdio. */
export const RESERVED_DESCRIPTORS = 128;

/** The process's soft limit on open files (`ulimit -n`), or null when it cannot be read. */
export function readDescriptorLimit(): number | null {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    if (match) return match[1] === 'unlimited' ? null : Number(match[1]);
  } catch {
    // Not Linux: ask a shell, which inherits our limits.
  }
  try {
    const text = execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
    return /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/**
 * Connection caps that keep the service below its descriptor limit: all but
 * RESERVED_DESCRIPTORS, less a tenth for sockets closing; a quarter of that per address.
 */
export function descriptorBudget(
  limit: number | null,
  reserved = RESERVED_DESCRIPTORS,
): Pick<ConnectionLimits, 'maxConnections' | 'maxConnectionsPerAddress'> {
  if (limit === null) {
    const { maxConnections, maxConnectionsPerAddress } = DEFAULT_CONNECTION_LIMITS;
    return { maxConnections, maxConnectionsPerAddress };
  }
  const maxConnections = Math.max(16, Math.floor((limit - reserved) * 0.9));
  const maxConnectionsPerAddress = Math.min(
    DEFAULT_CONNECTION_LIMITS.maxConnectionsPerAddress,
    Math.max(4, Math.floor(maxConnections / 4)),
  );
  return { maxConnections, maxConnectionsPerAddress };
}

function tooManyConnectionsAnswer(cap: number): string {
  const body = JSON.stringify(
    errorBody(429, `Too many connections from this address (at most ${cap}); try again later`),
  );
  const headers = {
    ...COMMON_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    'Retry-After': '5',
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 429 Too Many Requests\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Sets the timeouts and caps on `server` (made with CONNECTIONS_CHECKING_INTERVAL_MS). */
export function applyConnectionLimits(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  const cap = limits.maxConnectionsPerAddress;
  if (cap <= 0) return;
  const open = new KeyedCounts<string>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    if (open.of(address) >= cap) {
      // Answered before a byte is read: the client learns why, and the descriptor is freed.
      socket.end(tooManyConnectionsAnswer(cap));
      socket.destroySoon();
      return;
    }
    open.add(address);
    socket.once('close', () => {
      open.remove(address);
    });
  });
}

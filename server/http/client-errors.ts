/**
 * Failures of a connection before any request exists (Node's HTTP parser: a header block past
 * `maxHeaderSize`, a request that took longer than `headersTimeout`/`requestTimeout`, bytes that
 * are not HTTP) reach the server's `clientError` event, below Fastify and its error handler.
 * Fastify's default answers its own JSON; this answers the spec's Error body like every other
 * error (issue 26), then closes the socket (nothing more can be read from it).
 */
import type { Socket } from 'node:net';
import { errorBody } from './errors';
import { COMMON_SECURITY_HEADERS } from './security-headers';

interface ClientFailure {
  status: number;
  reason: string;
  message: string;
}

function failureOf(error: NodeJS.ErrnoException): ClientFailure {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        message:
          'The request line and headers are larger than 16 KiB (a long query string counts too)',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        message: 'The request was not received in time',
      };
    default:
      return { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };
  }
}

/** The raw HTTP answer for a client error: status line, headers and the Error body. */
export function clientErrorResponse(error: NodeJS.ErrnoException): string {
  const { status, reason, message } = failureOf(error);
  const body = JSON.stringify(errorBody(status, message));
  const headers = {
    ...COMMON_SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`. */
export function handleClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer (as Node's and Fastify's own handlers do).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(clientErrorResponse(error));
  // After the answer is written; unread bytes of the refused request are dropped.
  socket.destroySoon();
}

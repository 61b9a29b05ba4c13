/**
 * "The database is not there right now": a PostgreSQL server restarting, crashing, refusing
 * connections or terminating ours, or a pool with no connection to give within its acquire
 * timeout. Such a failure says nothing about the request, so it is answered 503 with
 * `Retry-After` (errors.ts), never 500; the next query opens a new connection, so the service
 * serves again as soon as the server does (decision 041).
 */

/**
 * SQLSTATEs of a server going away: class 08 (connection exception), 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down, recovering),
 * 53300 too_many_connections.
 */
const SERVER_GONE = /^(08...|57P0[123]|53300)$/;

/** Node's socket errors of a server that is down or went away. */
const SOCKET_GONE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** What pg says (no code) when a connection ends, a client broke, or the pool's wait timed out. */
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Connection terminated due to connection timeout',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (SERVER_GONE.test(code) || SOCKET_GONE.has(code))) return true;
  // ECONNREFUSED on every address of a host comes as an AggregateError of them.
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return PG_MESSAGES.some((message) => error.message.includes(message));
}

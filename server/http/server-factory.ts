/** The HTTP server under Fastify: a plain HTTP/1 server with its connection limits and a fast path in front. */
import {
  createServer,
  type IncomingMessage,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import {
  applyConnectionLimits,
  CONNECTIONS_CHECKING_INTERVAL_MS,
  type ConnectionLimits,
} from './connection-limits';

/** Answers some requests below Fastify (the logs wing's waiting tails, decision 036); false: not its own. */
export interface FastPathHandler {
  handle(request: IncomingMessage, response: ServerResponse): boolean;
}

/** A number option Fastify filled in (its defaults), or undefined. */
function numberOption(options: Record<string, unknown>, name: string): number | undefined {
  const value = options[name];
  return typeof value === 'number' ? value : undefined;
}

/**
 * The HTTP server Fastify would make (a plain HTTP/1 server), with the waiting tail's fast path
 * in front of Fastify's handler once it is set, and the connection limits of
 * connection-limits.ts instead of Fastify's timeouts (72 s keep-alive, no request timeout).
 */
export function serverWithFastPath(
  fastPath: () => FastPathHandler | null,
  limits: ConnectionLimits,
): FastifyServerFactory {
  return (handler, options) => {
    const httpOptions = (options.http ?? {}) as ServerOptions;
    const server = createServer(
      { ...httpOptions, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
      (request, response) => {
        if (!fastPath()?.handle(request, response)) handler(request, response);
      },
    );
    applyConnectionLimits(server, limits);
    server.setTimeout(numberOption(options, 'connectionTimeout'));
    const maxRequestsPerSocket = numberOption(options, 'maxRequestsPerSocket');
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}

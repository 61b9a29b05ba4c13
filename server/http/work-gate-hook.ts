/**
 * Puts every authenticated request through the WorkGate (work-gate.ts) between its checks and its
 * handler: `preHandler` waits for the turn of its token and site, and the turn ends when the
 * answer is being sent, or the request was aborted or timed out, whichever comes first.
 *
 * Waiting log tails (`?wait=`) are let through: they wait for a commit, not for the database (one
 * short read at each end), and their own cap is per token and site (issue 26 part A). Counted,
 * they would hold a member's turns for up to a minute each.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Release, WorkGate } from './work-gate';

declare module 'fastify' {
  interface FastifyRequest {
    /** The end of this request's turn at the WorkGate (null: none taken). */
    endWorkTurn: Release | null;
  }
}

function isWaitingTail(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  const wait = query?.wait;
  return typeof wait === 'string' && wait.trim() !== '' && Number(wait) !== 0;
}

/** Whose turn a request takes: its token's and its site's. */
export type WorkKeys = (request: FastifyRequest) => { token: string; site: string };

/** The authenticated routes' keys: `request.auth` is set. */
const tokenAndSite: WorkKeys = (request) => ({
  token: request.headers.authorization ?? '',
  site: request.auth.siteId,
});

/**
 * Registers the gate's hooks on `scope` (by default the authenticated routes; the public consent
 * endpoint passes its own keys).
 */
export function registerWorkGate(
  scope: FastifyInstance,
  gate: WorkGate,
  keysOf: WorkKeys = tokenAndSite,
): void {
  scope.decorateRequest('endWorkTurn', null);
  // A callback hook: a request whose turn is free (nearly all) goes on without a promise.
  scope.addHook('preHandler', (request, _reply, done) => {
    if (isWaitingTail(request)) {
      done();
      return;
    }
    const { token, site } = keysOf(request);
    const turn = gate.tryEnter(token, site);
    if (turn) {
      request.endWorkTurn = turn;
      done();
      return;
    }
    gate.enter(token, site).then((release) => {
      request.endWorkTurn = release;
      done();
    }, done);
  });
  const end = (request: FastifyRequest) => {
    request.endWorkTurn?.();
    request.endWorkTurn = null;
  };
  scope.addHook('onSend', (request, _reply, payload, done) => {
    end(request);
    done(null, payload);
  });
  // The answer may never be sent: the client went away, or the request timed out.
  scope.addHook('onRequestAbort', (request, done) => {
    end(request);
    done();
  });
  scope.addHook('onTimeout', (request, _reply, done) => {
    end(request);
    done();
  });
  scope.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
}

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

/** Registers the gate's hooks on `scope` (the authenticated routes: `request.auth` is set). */
export function registerWorkGate(scope: FastifyInstance, gate: WorkGate): void {
  scope.decorateRequest('endWorkTurn', null);
  scope.addHook('preHandler', async (request) => {
    if (isWaitingTail(request)) return;
    request.endWorkTurn = await gate.enter(
      request.headers.authorization ?? '',
      request.auth.siteId,
    );
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

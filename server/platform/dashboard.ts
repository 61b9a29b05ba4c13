/**
 * What the service answers outside `/api`'s routes: the built dashboard (static files, with a
 * history fallback to index.html, or a placeholder page before the first build), and the Error
 * body for a path no route takes (405 with `Allow` where another method would do, else 404).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../http/errors';

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Site Console</title></head>
<body><main><h1>Site Console</h1>
<p>The dashboard is not built yet. Run <code>npm run build</code> (or <code>npm start</code>),
then reload. The API is at <a href="/api/health">/api/health</a>.</p></main></body></html>
`;

/**
 * A page navigation (history fallback) rather than a missing file: the browser asks for HTML,
 * or the path has no file extension. A missing `/assets/x.js` stays a 404.
 */
function wantsHtml(request: FastifyRequest, path: string): boolean {
  const accept = request.headers.accept ?? '';
  if (accept.includes('text/html')) return true;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !last.includes('.') && (accept === '' || accept.includes('*/*'));
}

/** The built SPA, with a history fallback to index.html; unknown `/api/*` is a JSON 404. */
export async function registerDashboard(
  app: FastifyInstance,
  staticDir: string | null,
): Promise<void> {
  const root = staticDir === null ? null : resolve(staticDir);
  const indexFile = root === null ? null : join(root, 'index.html');
  const hasDashboard = indexFile !== null && existsSync(indexFile);
  if (root !== null && hasDashboard) {
    await app.register(fastifyStatic, {
      root,
      index: ['index.html'],
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite names files under assets/ by content hash: they never change.
        const immutable = /[\\/]assets[\\/]/.test(filePath);
        res.setHeader(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    if (
      !isApi &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      wantsHtml(request, path)
    ) {
      void reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
      if (hasDashboard && indexFile) {
        // Read per request: a rebuilt dashboard is served without a restart.
        return reply.send(readFileSync(indexFile));
      }
      return reply.send(PLACEHOLDER_PAGE);
    }
    if (isApi) {
      const allowed = allowedMethods(app, path);
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header('Allow', allowed.join(', '))
          .send(
            errorBody(
              405,
              `${request.method} is not allowed on ${path}; use ${allowed.join(', ')}`,
            ),
          );
      }
    }
    return reply.code(404).send(errorBody(404, `No route ${request.method} ${path}`));
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * The methods some route takes on `path` (a request path, not a pattern); empty: no route. The
 * catch-all routes (the dashboard's files, CORS preflights) match any path and do not count.
 */
function allowedMethods(app: FastifyInstance, path: string): string[] {
  // Fastify routes every request of a declared route through one handler; find-my-way answers
  // others for a path it refuses (a parameter over `maxParamLength`), which do not count either.
  const routeHandler = app.findRoute({ method: 'GET', url: '/api/health' }).handler;
  return METHODS.filter((method) => {
    // Typed as always found; find-my-way answers null when nothing matches.
    const found = app.findRoute({ method, url: path }) as {
      handler: unknown;
      params: object;
    } | null;
    return found !== null && found.handler === routeHandler && !('*' in found.params);
  });
}

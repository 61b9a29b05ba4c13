/**
 * The service for bench/api.ts, in its own process so autocannon and the server do not share
 * one event loop. Besides the real API it serves two variants of the log page, used only to
 * measure what the response serialization costs:
 * - `/bench/apps/:app_id/logs-objects`: rows mapped to objects, then `JSON.stringify`;
 * - `/bench/apps/:app_id/logs-zod`: the same objects through fastify-type-provider-zod's
 *   serializer (validates against the schema, then stringifies).
 * The real route sends the JSON text built by the store (no per-entry parse or stringify).
 * `/bench/usage` reports the process's CPU time and the main thread's busy time. With
 * BENCH_CPU_PROF_DIR set, `/bench/profile/start` and `/bench/profile/stop` profile the main thread
 * in between (V8's sampling profiler) and write a .cpuprofile there (bench/cpu-profile-summary.ts
 * reads it).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appLogEntrySchema, type AppLogEntry } from '../contract/schemas/app-log';
import { buildApp } from '../server/platform/app';
import { createAuthHook } from '../server/access/auth';
import { AuthFailureLimiter } from '../server/access/auth-limiter';
import { notFound } from '../server/http/errors';
import { parseLogQuery } from '../server/logs/routes/log-query-params';
import { queryLogs } from '../server/logs/store/app-logs-read';
import { findAppRow } from '../server/apps/store/apps';
import { openDatabase } from '../server/database/db';
import { startLogSearchIndexer } from '../server/logs/search/log-search-indexer';

const db = openDatabase(process.env.DATABASE_URL ?? '');
// As main.ts does: SQLite's search index is filled off the commit path (decision 023).
const searchIndexer = await startLogSearchIndexer(db, process.env.DATABASE_URL ?? '', (error) => {
  console.error(error);
});
const port = Number(process.env.PORT);
const app = await buildApp({
  db,
  staticDir: null,
  authLimiter: new AuthFailureLimiter(1_000_000),
});

async function variants(scope: FastifyInstance): Promise<void> {
  const zodScope = scope.withTypeProvider<ZodTypeProvider>();
  zodScope.decorateRequest('auth', null as never);
  zodScope.addHook('onRequest', createAuthHook({ db, limiter: new AuthFailureLimiter(1_000_000) }));
  const params = z.object({ app_id: z.string() });
  const page = async (siteId: string, key: string, query: unknown): Promise<AppLogEntry[]> => {
    const row = await findAppRow(db, siteId, key);
    if (!row) throw notFound('app');
    const result = await queryLogs(db, row.id, parseLogQuery(query as Record<string, unknown>));
    // The equivalent of mapping rows to objects (one JSON.parse of data and context each).
    return JSON.parse(result.json) as AppLogEntry[];
  };
  zodScope.get('/bench/apps/:app_id/logs-objects', { schema: { params } }, async (request) =>
    page(request.auth.siteId, request.params.app_id, request.query),
  );
  await zodScope.register(async (inner) => {
    inner.setSerializerCompiler(serializerCompiler);
    inner
      .withTypeProvider<ZodTypeProvider>()
      .get(
        '/bench/apps/:app_id/logs-zod',
        { schema: { params, response: { 200: z.array(appLogEntrySchema) } } },
        async (request) => page(request.auth.siteId, request.params.app_id, request.query),
      );
  });
}

await app.register(variants);
// What the process spent, read before and after a section: CPU time of every thread (main and
// the search indexer's worker) and the main thread's busy time, less sensitive to a loaded
// machine than the wall clock.
app.get('/bench/usage', () => ({
  cpu_us: process.cpuUsage(),
  main_thread_active_ms: performance.eventLoopUtilization().active,
}));
const profileDir = process.env.BENCH_CPU_PROF_DIR;
if (profileDir) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  app.post('/bench/profile/start', async () => {
    await session.post('Profiler.start');
    return {};
  });
  app.post('/bench/profile/stop', async () => {
    const { profile } = await session.post('Profiler.stop');
    const file = join(profileDir, `ingest-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    return { file };
  });
}
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => searchIndexer?.stop())
    .then(() => db.destroy())
    .then(() => process.exit(0));
});

/**
 * The process: reads the configuration, opens and migrates the database, seeds the demo on an
 * empty database, prints a fresh demo sign-in link, listens, starts the demo log generator and
 * log retention (in one instance only: leader.ts), and closes
 * everything on SIGINT/SIGTERM.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { defaultAuthLimiter } from '../access/auth-limiter';
import { redactedSmtpUrl, smtpMailer } from '../notifications/mail/mailer';
import { spamdAddress } from '../notifications/mail/spamd-client';
import { ConfigError, loadConfig, type Config } from './config';
import { startDemoLogGenerator } from '../demo/log-generator';
import { seedDemoIfEmpty } from '../demo/seed';
import { demoSignInToken, demoTokenFile, TOKEN_COMMAND_HINT } from '../demo/sign-in';
import { runWhileLeader } from './leader';
import { PostgresLogNotifier } from '../logs/waits/postgres-log-notifier';
import { retentionBytesOf, startLogRetention, startRevisionRetention } from './retention';
import { startConsentRetention } from '../consent/records/record-retention';
import { descriptorBudget, readDescriptorLimit } from '../http/connection-limits';
import { openDatabase } from '../database/db';
import { migrateToLatest } from '../database/migrate';
import { startLogSearchIndexer } from '../logs/search/log-search-indexer';
import { isPostgresUrl } from '../database/engine';
import { AlertEvaluator, crashHook, fileClock, startAlertEvaluation } from '../alerts/routes';
import { TemplateRenderer } from '../notifications';
import { LIQUID_RENDER_OPTIONS } from '../../contract/liquid-render';
import { DEFAULT_MAIL_FROM } from './app';
import { MAX_RENDERED_BYTES } from '../notifications/routes/test-send';
import { openAlertsDatabase } from './alerts-database';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** What SIGINT/SIGTERM close, in order; filled as parts start. */
const stopping: Array<() => Promise<void>> = [];
let closing = false;

async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  try {
    for (const stop of stopping) await stop();
    process.exit(0);
  } catch (error) {
    console.error(`${signal}: could not close cleanly`, error);
    process.exit(1);
  }
}

// Registered first, so a signal during start-up still closes cleanly.
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

async function main(): Promise<void> {
  const config = readConfig();
  const db = openDatabase(config.DATABASE_URL, {
    poolSize: config.DATABASE_POOL_SIZE,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    onIdleClientError: (error) => console.error('database connection closed by the server:', error),
  });
  await migrateToLatest(db);
  // The alerts' checks and deliveries never take a connection from the requests' pool (decision 096).
  const alertsDb = openAlertsDatabase(config.DATABASE_URL, db, {
    poolSize: config.ALERTS_DATABASE_POOL_SIZE,
    statementTimeoutMs: config.ALERTS_STATEMENT_TIMEOUT_MS,
    acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
    onIdleClientError: (error) => console.error('alerts database connection closed:', error),
  });
  // The search index is filled off the ingestion's commit path (decisions 023 and 030).
  const searchIndexer = await startLogSearchIndexer(db, config.DATABASE_URL, (error) => {
    console.error('log search indexer:', error);
  });

  if (config.DEMO) await seedDemoIfEmpty(db);
  const signIn = config.DEMO
    ? await demoSignInToken(db, demoTokenFile(config.DATABASE_URL))
    : undefined;

  // On PostgreSQL a commit in any instance wakes the waiting tails of every instance.
  const logNotifier = isPostgresUrl(config.DATABASE_URL)
    ? new PostgresLogNotifier(config.DATABASE_URL, (error) => {
        console.error('log notifications:', error);
      })
    : undefined;
  await logNotifier?.start();

  const mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL) : null;
  // Connections stay below the process's descriptor limit (issue 26: 21,000 sockets took them all).
  const descriptors = readDescriptorLimit();
  const connectionCaps = descriptorBudget(descriptors);
  const perAddress = config.TRUST_PROXY
    ? 'no cap per address behind TRUST_PROXY'
    : `${connectionCaps.maxConnectionsPerAddress} per client address`;
  console.log(
    `File descriptors: ${descriptors === null ? 'limit unknown' : `limit ${descriptors} (ulimit -n)`}; ` +
      `at most ${connectionCaps.maxConnections} connections, ${perAddress}`,
  );
  const app = await buildApp({
    connectionLimits: connectionCaps,
    db,
    authLimiter: defaultAuthLimiter(db, config.AUTH_FAILURES_PER_MINUTE),
    logNotifier,
    corsOrigins: config.CORS_ORIGINS,
    staticDir: config.STATIC_DIR,
    trustProxy: config.TRUST_PROXY,
    logger: { level: 'warn' },
    mailer,
    mailFrom: config.SMTP_FROM,
    spamd: config.SPAMD_ADDRESS === 'off' ? null : spamdAddress(config.SPAMD_ADDRESS),
    workLimits: {
      perToken: config.DATABASE_WORK_PER_TOKEN,
      perSite: config.DATABASE_WORK_PER_SITE,
      maxWaitMs: config.DATABASE_WORK_WAIT_MS,
    },
    logQuota: {
      perMinute: config.LOG_QUOTA_PER_MINUTE,
      bytes: config.LOG_QUOTA_BYTES,
      // Space comes back when retention by size runs again.
      bytesRetryAfterSeconds: config.LOG_RETENTION_INTERVAL_SECONDS,
    },
  });
  app.addHook('onClose', () => mailer?.close());
  await app.listen({ port: config.PORT, host: config.HOST });
  const { port } = app.server.address() as AddressInfo;
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  console.log(`Site Console on http://${host}:${port} (API under /api)`);
  if (signIn) {
    // The link stays the first thing on the line (scripts copy it); its expiry follows.
    console.log(
      `Sign in: http://${host}:${port}/#token=${signIn.token}&site=demo ` +
        `(the token expires ${signIn.expiresAt}; later starts print the same link until a day before)`,
    );
  } else console.log(TOKEN_COMMAND_HINT);
  console.log(
    config.SMTP_URL
      ? `Test sends of notifications go through ${redactedSmtpUrl(config.SMTP_URL)}`
      : 'Test sends of notifications go to the Test inbox (set SMTP_URL to send them out)',
  );

  // Background work runs in one instance only (the leader, on PostgreSQL; leader.ts).
  const stopBackground = runWhileLeader(
    db,
    () => {
      const stopGenerator =
        config.DEMO && config.DEMO_LOGS
          ? startDemoLogGenerator(db, app.logNotifier, {
              onError: (error) => app.log.error({ err: error }, 'demo log generator failed'),
            })
          : undefined;
      const stopRetention = startLogRetention(
        db,
        app.logNotifier,
        config.LOG_RETENTION_DAYS,
        (deleted, error) => {
          if (error) app.log.error({ err: error }, 'log retention failed');
          // Printed like the start-up lines: the request logger is at warn, where info never shows.
          else if (deleted > 0) {
            console.log(
              `Pruned ${deleted} log entries older than ${config.LOG_RETENTION_DAYS} days`,
            );
          }
        },
        config.LOG_RETENTION_INTERVAL_SECONDS * 1000,
        retentionBytesOf(config.LOG_QUOTA_BYTES),
      );
      const stopRevisionRetention = startRevisionRetention(
        db,
        {
          keepPerResource: config.REVISION_KEEP_PER_RESOURCE,
          maxAgeDays: config.REVISION_RETENTION_DAYS,
        },
        (deleted, error) => {
          if (error) app.log.error({ err: error }, 'revision retention failed');
          else if (deleted > 0) console.log(`Pruned ${deleted} revisions`);
        },
        config.LOG_RETENTION_INTERVAL_SECONDS * 1000,
      );
      const stopConsentRetention = startConsentRetention(
        db,
        (deleted, error) => {
          if (error) app.log.error({ err: error }, 'consent record retention failed');
          else if (deleted > 0) console.log(`Pruned ${deleted} consent records past retention`);
        },
        config.LOG_RETENTION_INTERVAL_SECONDS * 1000,
      );
      // Alerts on the logs (issue 41, decision 074): evaluated and sent by the leader only.
      const alertRenderer = new TemplateRenderer({
        liquid: LIQUID_RENDER_OPTIONS,
        maxOutputBytes: MAX_RENDERED_BYTES,
      });
      const testClock = config.ALERTS_TEST_CLOCK_FILE;
      const stopAlerts = startAlertEvaluation(
        new AlertEvaluator({
          db: alertsDb.db,
          mailer,
          from: config.SMTP_FROM ?? DEFAULT_MAIL_FROM,
          renderer: alertRenderer,
          publicUrl: config.PUBLIC_URL ?? `http://${host}:${String(port)}`,
          // Test hooks (decision 093): off unless the environment names them.
          crash: crashHook(config.ALERTS_CRASH_AT, config.ALERTS_CRASH_ONCE_FILE),
          ...(testClock === undefined ? {} : { now: fileClock(testClock) }),
        }),
        (error) => app.log.error({ err: error }, 'alert evaluation failed'),
        testClock === undefined ? {} : { everyMs: 200 },
      );
      return async () => {
        await stopAlerts();
        await alertRenderer.close();
        stopRetention();
        stopRevisionRetention();
        stopConsentRetention();
        await stopGenerator?.();
      };
    },
    {
      retryMs: config.LEADER_RETRY_MS,
      onError: (error) => app.log.error({ err: error }, 'leader election failed'),
    },
  );

  stopping.push(async () => {
    await stopBackground();
    await app.close();
    await logNotifier?.close();
    await searchIndexer?.stop();
    await alertsDb.close();
    await db.destroy();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
